// l10n-ignore-file: no words here (the words come from the host); the literals are icon names and timing-mark names
/**
 * The toolbar's status: "N loaded" or "all N", the rows shown and selected, the Load All button (Stop while it
 * loads), the gateway's problem, and the empty-state text under the grid.
 */
import { visibleText } from '../../../../text/displayText';
import { formatNumber, loadButtonText } from './cellText';
import { selected } from './cursor';
import { el, icon, setText } from './dom';
import { countText, empty, loadButton, problemText } from './layout';
import { shownCount, t, table } from './tableData';

/** Draws the status from the host's last status message. */
export function drawStatus(): void {
  const status = table.status;
  const loaded = status?.loaded ?? 0;
  const parts = [status?.complete ? t('all', formatNumber(loaded)) : t('loaded', formatNumber(loaded)), t('shown', formatNumber(shownCount()))];
  if (selected.size > 0) {
    parts.push(t('selected', formatNumber(selected.size)));
  }
  setText(countText, parts.join(' · '));
  // Drawn again only when it says something else (every view redraws the status).
  const label = loadButtonText(status?.loading === true, loaded);
  const iconName = status?.loading ? 'close' : 'cloud-download';
  if (loadButton.textContent !== label || !loadButton.querySelector(`.codicon-${iconName}`)) {
    loadButton.replaceChildren(icon(iconName), el('span', '', label));
  }
  loadButton.disabled = status?.complete === true && !status.loading;
  loadButton.title = status?.loading ? t('cancel') : t('loadAllTitle');
  setText(problemText, status?.problem ? visibleText(status.problem) : '');
  setText(empty, shownCount() > 0 ? '' : loaded === 0 ? t('noRows') : t('noMatch'));
  empty.hidden = shownCount() > 0;
  document.body.dataset.loaded = String(loaded);
  document.body.dataset.shown = String(shownCount());
  document.body.dataset.complete = String(status?.complete === true);
}
