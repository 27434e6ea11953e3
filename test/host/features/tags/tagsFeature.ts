/** The tags feature: a whole list endpoint's feature is made from its kind, with nothing of its own. */
import { listFeature, type ListTestApi } from '../../../../src/features/listFeature';
import { TAG, TAGS, type Tag } from './tagKind';

export type TagsTestApi = ListTestApi<Tag>;

export const TAGS_FEATURE = listFeature(TAG, TAGS);
