/**
 * One configured gateway: its name and color (which may change), its base URL, its identity (`key`: a renamed gateway
 * keeps its key, its loaded data and its rows' state), its connection, and the per-gateway state of each resource
 * ("stores", created on first use by whoever needs them).
 */
import * as vscode from 'vscode';
import type { GatewayConnection } from './connection';
import type { GatewayColor, GatewaySource, GatewaySpec, ValidBaseUrl } from './gatewayConfig';

/** Per-gateway state of one resource; reset when the gateway's key or consent changes. */
export interface GatewayStore {
  reset(): void;
  dispose(): void;
}

/** Makes a gateway's store of one kind; the same factory object is the store's identity. */
export interface StoreFactory<S extends GatewayStore> {
  readonly name: string;
  create(gateway: Gateway): S;
}

export class Gateway implements vscode.Disposable {
  private spec: GatewaySpec;
  private readonly stores = new Map<StoreFactory<GatewayStore>, GatewayStore>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** The name, the color or the place in settings changed. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private isRemoved = false;

  public constructor(
    spec: GatewaySpec,
    public readonly connection: GatewayConnection,
    private readonly identity: string = spec.base.href,
  ) {
    this.spec = spec;
    this.subscription = connection.onDidChange(() => this.stores.forEach((store) => store.reset()));
  }

  /**
   * Identity, fixed for the gateway's life: its base URL (origin and path prefix), with `#2`, `#3`… when another
   * gateway already had that URL when this one was configured.
   */
  public get key(): string {
    return this.identity;
  }

  public get name(): string {
    return this.spec.name;
  }

  public get color(): GatewayColor | undefined {
    return this.spec.color;
  }

  public get base(): ValidBaseUrl {
    return this.spec.base;
  }

  public get source(): GatewaySource {
    return this.spec.source;
  }

  /** Host and port, e.g. `api.example.com` or `127.0.0.1:18787` (what a link carries besides the name). */
  public get host(): string {
    return new URL(this.spec.base.href).host;
  }

  /** Host and path, e.g. `api.example.com/gw`. */
  public get address(): string {
    const url = new URL(this.spec.base.href);
    return `${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  }

  /** True once the gateway left the settings: its responses are discarded and its documents say it is gone. */
  public get removed(): boolean {
    return this.isRemoved;
  }

  public store<S extends GatewayStore>(factory: StoreFactory<S>): S {
    let store = this.stores.get(factory) as S | undefined;
    if (store === undefined) {
      if (this.isRemoved) {
        throw new Error(`gateway ${this.spec.name} was removed`); // l10n-ignore: a programming error (a removed gateway's store), never a message
      }
      store = factory.create(this);
      this.stores.set(factory, store);
    }
    return store;
  }

  /** The store of `factory` when it was created, without creating it. */
  public existingStore<S extends GatewayStore>(factory: StoreFactory<S>): S | undefined {
    return this.stores.get(factory) as S | undefined;
  }

  /** Settings changed but this is the same gateway (see the registry's matching): new name, color or position. */
  public update(spec: GatewaySpec): void {
    const before = this.spec;
    this.spec = spec;
    if (before.name !== spec.name || before.color !== spec.color || JSON.stringify(before.source) !== JSON.stringify(spec.source)) {
      this.changed.fire();
    }
  }

  public dispose(): void {
    this.isRemoved = true;
    this.subscription.dispose();
    // Resetting first makes every response still in flight stale: it never lands.
    this.stores.forEach((store) => {
      store.reset();
      store.dispose();
    });
    this.stores.clear();
    this.connection.dispose();
    this.changed.dispose();
  }
}
