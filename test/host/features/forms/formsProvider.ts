/** The Forms tree: per gateway, its forms in server order, "Load more…" while there are more, errors where they happen. */
import * as vscode from 'vscode';
import type { Checked } from '../../../../src/api/model';
import type { Gateway } from '../../../../src/gateway/gateway';
import type { GatewayRegistry } from '../../../../src/gateway/registry';
import { ofGateway, raws, writeAll, type ExportPlan } from '../../../../src/model/exportPlan';
import type { ItemRef } from '../../../../src/model/resource';
import { encodeSegment } from '../../../../src/util/segment';
import type { ApiRequest } from '../../../../src/api/apiRequest';
import { GatewayTree, type BaseNode, type TreeNode } from '../../../../src/views/gatewayTree';
import { listRows } from '../../../../src/views/listRows';
import { FORM, FORMS_STORE, FORMS_VIEW, formsRequest, type Form } from './formKind';

export interface FormNode extends TreeNode {
  readonly kind: 'form' | 'formsMore';
  readonly gateway: Gateway;
  readonly item?: Checked<Form>;
}

const PAGE_SIZE = 20;

export class FormsProvider extends GatewayTree<FormNode> {
  public constructor(registry: GatewayRegistry) {
    super(registry, 'forms');
    this.start();
  }

  public chain(gateway: Gateway): ReturnType<typeof FORMS_STORE.create>['chain'] {
    return gateway.store(FORMS_STORE).chain;
  }

  public override viewRequest(gateway: Gateway): ApiRequest {
    return formsRequest(gateway.base.href, { limit: PAGE_SIZE });
  }

  protected override async gatewayExport(gateway: Gateway, several: boolean): Promise<ExportPlan> {
    const chain = this.chain(gateway);
    return {
      gateway,
      kind: FORM,
      what: ofGateway(several, gateway, 'forms'),
      nameParts: ['forms'],
      canLoadMore: chain.hasMore,
      loadedCount: () => chain.items.length,
      remaining: () => undefined,
      loadedRaws: () => raws(chain.items),
      run: async (everything, signal, write) => {
        if (everything) {
          await chain.loadAll(100, signal);
        }
        if (chain.error) {
          return 'failed';
        }
        return writeAll(chain.items, signal, write);
      },
      problem: () => chain.error?.message,
      note: () => undefined,
    };
  }

  public reload(gateway: Gateway): void {
    this.chain(gateway).refresh();
  }

  public nodeFor(ref: ItemRef): FormNode | undefined {
    if (ref.kind !== FORM) {
      return undefined;
    }
    const index = this.chain(ref.gateway).items.indexOf(ref.item as Checked<Form>);
    return index < 0 ? undefined : this.formNode(ref.gateway, index);
  }

  public async load(ref: ItemRef, signal: AbortSignal): Promise<void> {
    const chain = this.chain(ref.gateway);
    while (!this.nodeFor(ref) && chain.hasMore && !signal.aborted && !chain.error) {
      await chain.loadMore(100, signal);
    }
  }

  protected watch(gateway: Gateway): vscode.Disposable[] {
    const subscription = this.chain(gateway).onDidChange(() => this.fireGateway(gateway));
    return [{ dispose: () => subscription.dispose() }];
  }

  protected forget(): void {
    // Nothing is kept per gateway outside its store.
  }

  protected treeItem(node: FormNode): vscode.TreeItem {
    if (node.kind === 'formsMore') {
      const item = new vscode.TreeItem('Load more…');
      item.id = node.id;
      item.command = { command: 'pageGateway.loadMore', title: 'Load More', arguments: [node] };
      return item;
    }
    const value = node.item?.value ?? {};
    const item = new vscode.TreeItem(FORM.label(value));
    item.id = node.id;
    item.description = FORM.description(value);
    item.contextValue = 'pageGateway.form';
    return item;
  }

  protected async childrenOf(): Promise<Array<FormNode | BaseNode>> {
    return [];
  }

  protected parentOf(node: FormNode): BaseNode | undefined {
    return this.topParent(node.gateway);
  }

  protected async readyChildren(gateway: Gateway): Promise<Array<FormNode | BaseNode>> {
    const chain = this.chain(gateway);
    if (!chain.started && !chain.error) {
      await chain.loadMore(PAGE_SIZE);
    }
    const idPrefix = this.gatewayId(gateway);
    const retry: vscode.Command = { command: 'pageGateway.loadMore', title: 'Retry', arguments: [{ gateway, loadMore: () => chain.loadMore(PAGE_SIZE) }] };
    return listRows<FormNode>(
      chain.items.map((_, index) => this.formNode(gateway, index)),
      chain,
      {
        idPrefix,
        gateway,
        words: FORM.words,
        retry,
        top: true,
        more: () => ({
          kind: 'formsMore',
          id: `${idPrefix}/more`,
          gateway,
          request: () => formsRequest(gateway.base.href, chain.nextPageCursor === undefined ? { limit: PAGE_SIZE } : { cursor: chain.nextPageCursor, limit: PAGE_SIZE }),
          loadMore: () => Promise.resolve(vscode.window.withProgress({ location: { viewId: FORMS_VIEW } }, () => chain.loadMore(PAGE_SIZE))),
        }),
        empty: { label: 'No forms' },
      },
    );
  }

  private formNode(gateway: Gateway, index: number): FormNode {
    const chain = this.chain(gateway);
    const item = chain.items[index] as Checked<Form>;
    const request = chain.requestOf(index);
    return {
      kind: 'form',
      id: `${this.gatewayId(gateway)}/form/${encodeSegment(item.value.formId ?? `#${index}`)}`,
      gateway,
      item,
      ref: { gateway, kind: FORM, item } as ItemRef,
      ...(request === undefined ? {} : { request: () => formsRequest(gateway.base.href, request) }),
    };
  }
}
