/** The agent's Find Page Groups matches page groups as Search Page Groups does: the same matcher. Pure. */
export { pageGroupMatcher } from '../../features/pageGroups/model/pageGroupMatch';
