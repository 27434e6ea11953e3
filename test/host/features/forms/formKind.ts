/**
 * A resource that exists only in the tests: forms, `GET {base}/v0/forms`, paged with a cursor like page groups. This
 * file is all the explorer needs to know of it (formsFeature.ts makes the feature from it in one call); nothing under
 * src/ names it, and the only other places that do are the test manifest's view (test/harness/hostManifest.ts) and the
 * suites that add it.
 */
import type { Checked, PagedList } from '../../../../src/api/model';
import { chainKindMembers, chainList } from '../../../../src/model/chainStore';
import type { ResourceKind } from '../../../../src/model/resource';

export interface Form {
  readonly formId?: string;
  readonly title?: string;
}

export const FORMS_VIEW = 'pageGateway.forms';

const FORMS_LIST: PagedList<Form> = {
  resource: 'forms',
  path: 'v0/forms',
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

const idOf = (value: Form): string | undefined => value.formId;

/** The forms of a gateway: one cursor chain. */
export const FORMS = chainList(FORMS_LIST, idOf);

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
    none: () => 'No forms',
    noneLoaded: () => 'No forms are loaded yet.',
    loadingAll: (scope, gateway) => `Loading all ${scope === undefined ? '' : `“${scope}” `}forms${gateway === undefined ? '' : ` of ${gateway}`}`,
    loadedAll: (n, scope, gateway) => `Loaded all ${count(n)}${scope === undefined ? '' : ` of “${scope}”`}${gateway === undefined ? '' : ` on ${gateway}`}`,
    loadAllStopped: (n, problem, scope, gateway) =>
      `Load All of ${scope === undefined ? 'the forms' : `“${scope}”`}${gateway === undefined ? '' : ` of ${gateway}`} stopped after ${count(n)}: ${problem}`,
    notLoaded: (id, gateway) => `The form “${id}” is not loaded from “${gateway}”.`,
    notAllScanned: () => 'not every form',
    couldNotLoad: (more) => (more ? "Couldn't load more forms — retry" : "Couldn't load forms — retry"),
    breaksContract: (problems, hint) => `The gateway's list of forms does not match the API contract (${problems}). ${hint}`,
    tooManyInPage: (n, limit, hint) => `The gateway sent ${count(n)} in one page, more than the ${limit} asked for. ${hint}`,
  },
  icon: 'checklist',
  viewId: FORMS_VIEW,
  fields: ['formId', 'title'],
  idOf,
  label: (value) => value.title ?? value.formId ?? '(untitled form)',
  description: (value) => value.formId ?? '',
  tooltip: (item) => `**${item.value.title ?? ''}** ${item.value.formId ?? ''}`,
  pickDetail: (value) => value.formId ?? '',
  ...chainKindMembers(FORMS, idOf),
  searchText: (value) => [value.formId, value.title],
};
