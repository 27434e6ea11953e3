/**
 * A third resource that exists only in the tests: forms, `GET {base}/v0/forms`, paged with a cursor like page groups.
 * Everything the explorer needs to know of it is here and in the files beside it; nothing under src/ names it.
 */
import type { Checked } from '../../../../src/api/model';
import { pageRequest } from '../../../../src/api/requests';
import { CursorChain } from '../../../../src/api/paging';
import type { PagedList } from '../../../../src/api/model';
import type { GatewayStore, StoreFactory } from '../../../../src/gateway/gateway';
import { chainExtent, scanChain } from '../../../../src/model/chainScan';
import type { ResourceKind } from '../../../../src/model/resource';
import type { ApiRequest } from '../../../../src/api/apiRequest';

export interface Form {
  readonly formId?: string;
  readonly title?: string;
}

export const FORMS_VIEW = 'pageGateway.forms';
export const FORMS_PATH = 'v0/forms';

export const FORMS_LIST: PagedList<Form> = {
  resource: 'forms',
  path: FORMS_PATH,
  maxItemBytes: 4096,
  checkItem: (raw): Checked<Form> => {
    const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const form: Form = {
      ...(typeof value.formId === 'string' ? { formId: value.formId } : {}),
      ...(typeof value.title === 'string' ? { title: value.title } : {}),
    };
    return { raw, value: form, problems: [] };
  },
};

/** A gateway's forms: one cursor chain. */
export class FormsStore implements GatewayStore {
  public readonly chain: CursorChain<Checked<Form>>;

  public constructor(fetch: (request: { cursor?: string; limit: number }, signal: AbortSignal) => Promise<{ items: readonly Checked<Form>[]; hasMore: boolean; nextCursor?: string }>) {
    this.chain = new CursorChain<Checked<Form>>(fetch, (item) => item.value.formId);
  }

  public reset(): void {
    this.chain.reset();
  }

  public dispose(): void {
    this.chain.reset();
  }
}

export const FORMS_STORE: StoreFactory<FormsStore> = {
  name: 'forms',
  create: (gateway) =>
    new FormsStore((request, signal) => gateway.connection.withClient((client) => client.listPage(FORMS_LIST, request, signal))),
};

/** The request of the page `index` arrived in, or of the next page. */
export function formsRequest(baseHref: string, request: { cursor?: string; limit: number }): ApiRequest {
  return pageRequest(baseHref, FORMS_PATH, request);
}

const count = (n: number): string => `${n} ${n === 1 ? 'form' : 'forms'}`;

export const FORM: ResourceKind<Form> = {
  id: 'form',
  listName: FORMS_LIST.resource,
  folder: 'forms',
  words: {
    one: () => 'form',
    heading: () => 'Forms',
    count,
    onGateway: (gateway) => `Form on gateway ${gateway}`,
    titled: (label) => `form ${label}`,
    copiedId: (id) => `Copied form ID ${id}`,
    noneLoaded: () => 'No forms are loaded yet.',
    notLoaded: (id, gateway) => `The form “${id}” is not loaded from “${gateway}”.`,
    notAllScanned: () => 'not every form',
    couldNotLoad: (more) => (more ? "Couldn't load more forms — retry" : "Couldn't load forms — retry"),
    breaksContract: (problems, hint) => `The gateway's list of forms does not match the API contract (${problems}). ${hint}`,
    tooManyInPage: (n, limit, hint) => `The gateway sent ${count(n)} in one page, more than the ${limit} asked for. ${hint}`,
  },
  icon: 'checklist',
  viewId: FORMS_VIEW,
  fields: ['formId', 'title'],
  idOf: (value) => value.formId,
  label: (value) => value.title ?? value.formId ?? '(untitled form)',
  description: (value) => value.formId ?? '',
  tooltip: (item) => `**${item.value.title ?? ''}** ${item.value.formId ?? ''}`,
  pickDetail: (value) => value.formId ?? '',
  loaded: (gateway) => gateway.existingStore(FORMS_STORE)?.chain.items ?? [],
  find: (gateway, id) => gateway.existingStore(FORMS_STORE)?.chain.items.find((item) => item.value.formId === id),
  extent: (gateway) => chainExtent(gateway.existingStore(FORMS_STORE)?.chain),
  scan: (gateway, signal, onItems) => scanChain(gateway.store(FORMS_STORE).chain, signal, (items, progress) => onItems(items, progress.scanned)),
  searchText: (value) => [value.formId, value.title],
};
