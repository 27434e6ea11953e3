/** The forms feature: a paged list endpoint's feature is made from its kind, with nothing of its own. */
import { pagedListFeature, type PagedListTestApi } from '../../../../src/features/pagedListFeature';
import { FORM, FORMS, type Form } from './formKind';

export type FormsTestApi = PagedListTestApi<Form>;

export const FORMS_FEATURE = pagedListFeature(FORM, FORMS);
