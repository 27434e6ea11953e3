/**
 * `http.proxyAuthorization` for an http:// gateway's proxy: sent only after that proxy answered 407, and then only
 * for that proxy (each request is written only if the editor routes it through it, see http.ts `forProxy`). An
 * https:// gateway's tunnel is opened by the editor, which does not send it: nothing here applies to one.
 */
import type { AttemptOutcome, ProxyHeaders, Route } from './http';

export class ProxyCredentials {
  /** `host:port` of the proxy that asked for credentials (407). */
  private askedBy: string | undefined;
  private readonly authorization: string | undefined;

  /** `authorization`: the setting's value (ignored when empty or with a line break); `secure`: an https:// gateway. */
  public constructor(
    private readonly secure: boolean,
    authorization: string | undefined,
  ) {
    this.authorization = authorization !== undefined && authorization.trim() !== '' && !/[\r\n]/.test(authorization) ? authorization.trim() : undefined;
  }

  /** The credentials for the proxy that asked for them, when there is one (http:// gateways only). */
  public headers(): ProxyHeaders | undefined {
    if (this.secure || this.askedBy === undefined || this.authorization === undefined) {
      return undefined;
    }
    return { proxy: this.askedBy, headers: { 'proxy-authorization': this.authorization } };
  }

  /** The editor no longer routes the gateway through the proxy that asked: the credentials go to nobody. */
  public forget(): void {
    this.askedBy = undefined;
  }

  /**
   * Whether a failed attempt was a proxy's demand the client can meet by repeating the request at once: a 407 from the
   * proxy the editor routed an http:// gateway's request through, when `http.proxyAuthorization` is set (the repeat
   * carries it for that proxy).
   */
  public answer(outcome: AttemptOutcome, route: Route | undefined, sentAuthorization: boolean): boolean {
    if (route?.kind !== 'proxy' || !outcome.ok) {
      return false;
    }
    if (outcome.response.status !== 407 || this.secure || sentAuthorization || this.authorization === undefined) {
      return false;
    }
    if (route.type !== 'PROXY' && route.type !== 'HTTP' && route.type !== 'HTTPS') {
      return false;
    }
    this.askedBy = route.proxy;
    return true;
  }
}
