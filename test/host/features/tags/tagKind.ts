/**
 * A resource that exists only in the tests and that the gateway returns whole, as a bare array (`GET {base}/v0/tags`,
 * no paging, like the webhook subscriptions): the generic list tree draws it from this file alone (tagsFeature.ts makes
 * the feature in one call).
 */
import type { Checked, WholeList } from '../../../../src/api/model';
import type { ResourceKind } from '../../../../src/model/resource';
import { wholeKindMembers, wholeList } from '../../../../src/model/wholeListStore';

export interface Tag {
  readonly tagId?: string;
  readonly name?: string;
}

export const TAGS_VIEW = 'pageGateway.tags';

const TAGS_LIST: WholeList<Tag> = {
  resource: 'tags',
  path: 'v0/tags',
  maxBodyBytes: 1024 * 1024,
  parse: (json) => {
    const items = Array.isArray(json) ? json : [];
    return {
      items: items.map((raw): Checked<Tag> => {
        const value = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
        return {
          raw,
          value: { ...(typeof value.tagId === 'string' ? { tagId: value.tagId } : {}), ...(typeof value.name === 'string' ? { name: value.name } : {}) },
          problems: [],
        };
      }),
    };
  },
};

const idOf = (value: Tag): string | undefined => value.tagId;

/** The tags of a gateway: one list, read whole. */
export const TAGS = wholeList(TAGS_LIST, idOf, 'tagId');

const count = (n: number): string => `${n} ${n === 1 ? 'tag' : 'tags'}`;

export const TAG: ResourceKind<Tag> = {
  id: 'tag',
  listName: TAGS_LIST.resource,
  folder: 'tags',
  words: {
    one: () => 'tag',
    heading: () => 'Tags',
    count,
    onGateway: (gateway) => `Tag on gateway ${gateway}`,
    titled: (label) => `tag ${label}`,
    copiedId: (id) => `Copied tag ID ${id}`,
    none: () => 'No tags',
    noneLoaded: () => 'No tags are loaded yet.',
    notLoaded: (id, gateway) => `The tag “${id}” is not loaded from “${gateway}”.`,
    notAllScanned: () => 'not every tag',
    loadingAll: () => 'Loading all tags',
    loadedAll: (n) => `Loaded all ${count(n)}`,
    loadAllStopped: (n, problem) => `Load All stopped after ${count(n)}: ${problem}`,
    couldNotLoad: (more) => (more ? "Couldn't load more tags — retry" : "Couldn't load tags — retry"),
    breaksContract: (problems, hint) => `The gateway's list of tags does not match the API contract (${problems}). ${hint}`,
    tooManyInPage: (n, limit, hint) => `The gateway sent ${count(n)} in one page, more than the ${limit} asked for. ${hint}`,
  },
  icon: 'tag',
  viewId: TAGS_VIEW,
  fields: ['tagId', 'name'],
  idOf,
  label: (value) => value.name ?? value.tagId ?? '(unnamed tag)',
  description: (value) => value.tagId ?? '',
  tooltip: (item) => `**${item.value.name ?? ''}** ${item.value.tagId ?? ''}`,
  pickDetail: (value) => value.tagId ?? '',
  searchText: (value) => [value.tagId, value.name],
  ...wholeKindMembers(TAGS, idOf),
};
