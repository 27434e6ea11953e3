// l10n-ignore-file: no words here, only class names and icon names
/** Making elements: text is always set as `textContent`, never as HTML. */
import type { IconName } from './iconNames';

/** A new `tag` element with `className` and the text `text` (as text). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) {
    element.className = className;
  }
  if (text !== undefined) {
    element.textContent = text;
  }
  return element;
}

/** A codicon, hidden from screen readers (the control it is in carries the words). */
export function icon(name: IconName): HTMLElement {
  const i = el('span', `codicon codicon-${name}`);
  i.setAttribute('aria-hidden', 'true');
  return i;
}

/** Sets `element`'s text (as text) only when it differs: the same text set again would be laid out again. */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) {
    element.textContent = text;
  }
}
