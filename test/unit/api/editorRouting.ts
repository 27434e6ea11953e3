/**
 * Plain-HTTP requests routed the way the editor's networking routes them, for unit tests on Node: each request takes
 * the next of a list of PAC-style answers. `DIRECT` connects to the URL's host; `PROXY host:port` (or `HTTP`,
 * `HTTPS`, `SOCKS`…) sends the request to that host and port, with its target in absolute form as a proxy expects.
 * Each route is announced with the request's `proxy` event before the request has a connection, as the editor does.
 */
import { Agent, type ClientRequest } from 'node:http';

interface ConnectOptions {
  host?: string | null;
  hostname?: string | null;
  port?: number | string | null;
}

type AddRequest = (this: Agent, request: ClientRequest, options: ConnectOptions) => void;

/**
 * Makes `agent` route its requests by `routes` (taken in order; `DIRECT` once they are used up) until the returned
 * function is called. `announce: false` routes without the `proxy` event (a route nobody announced). Only this pool:
 * a recording proxy's own requests to the gateway go their usual way.
 */
export function routeLikeTheEditor(agent: Agent, routes: string[], announce = true): () => void {
  const pool = agent as unknown as { addRequest: AddRequest };
  const original = Agent.prototype as unknown as { addRequest: AddRequest };
  pool.addRequest = function (this: Agent, request: ClientRequest, options: ConnectOptions): void {
    const proxy = routes.shift() ?? 'DIRECT';
    const [type = '', target = ''] = proxy.split(/\s+/);
    let connectTo = options;
    if (type !== 'DIRECT' && target !== '') {
      const separator = target.lastIndexOf(':');
      const host = target.slice(0, separator);
      const port = Number(target.slice(separator + 1));
      // As the editor's proxy agent does: a target already in absolute form is left as it is.
      if (type !== 'SOCKS' && !request.path.includes('://')) {
        request.path = `http://${String(request.getHeader('host'))}${request.path}`;
      }
      connectTo = { ...options, host, hostname: host, port };
    }
    if (announce) {
      process.nextTick(() => request.emit('proxy', { proxy }));
    }
    original.addRequest.call(this, request, connectTo);
  };
  return () => {
    delete (pool as { addRequest?: AddRequest }).addRequest;
  };
}
