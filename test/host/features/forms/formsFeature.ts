/** The forms feature: a paged list endpoint's feature is made from its kind, with nothing of its own. */
import { listFeature, type ListTestApi } from '../../../../src/features/listFeature';
import { FORM, FORMS, type Form } from './formKind';

export type FormsTestApi = ListTestApi<Form>;

export const FORMS_FEATURE = listFeature(FORM, FORMS);
