// l10n-ignore-file: key names in WAI-ARIA's notation (aria-keyshortcuts) and Mac symbols; the words shown come from the host (KeyNames)
/**
 * The table's keys for acting on rows, one per row action, as the editor's own lists have them: Enter opens, Ctrl+C
 * (Cmd+C) copies the ids, and Shift+Alt with a letter for the rest (C: Copy Link, like the Explorer's Copy Path; R:
 * Reveal in Tree, like its Reveal; D: Select for Compare, or Compare Selected with two rows: a diff). A letter is
 * matched by the key's place on the keyboard (`code`), so Shift+Option on a Mac, which types a character, and other
 * layouts find the same key. The context menu shows each key beside its item (`shortcutLabel`), in the platform's notation.
 * Pure: no DOM.
 */
import type { RowAction } from './tableProtocol';

/** A key press as the grid sees it (KeyboardEvent's fields). */
export interface KeyPress {
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

interface Shortcut {
  /** `primary`: Ctrl, or Cmd on a Mac (with no other modifier); `shiftAlt`: Shift+Alt (Shift+Option). */
  readonly modifiers: 'none' | 'primary' | 'shiftAlt';
  /** KeyboardEvent.code of its letter (the keys with modifiers). */
  readonly code?: string;
  /** The key's name as shown after the modifiers. */
  readonly name: string;
}

const SHORTCUTS: Readonly<Record<RowAction, Shortcut>> = {
  openJson: { modifiers: 'none', name: 'Enter' },
  copyId: { modifiers: 'primary', code: 'KeyC', name: 'C' },
  copyLink: { modifiers: 'shiftAlt', code: 'KeyC', name: 'C' },
  reveal: { modifiers: 'shiftAlt', code: 'KeyR', name: 'R' },
  compare: { modifiers: 'shiftAlt', code: 'KeyD', name: 'D' },
};

/** The row actions that have a Shift+Alt key (the others are handled with the grid's own keys). */
const SHIFT_ALT_ACTIONS = (Object.keys(SHORTCUTS) as RowAction[]).filter((action) => SHORTCUTS[action].modifiers === 'shiftAlt');

/** The row action a Shift+Alt key press asks for; undefined for any other press. */
export function shiftAltRowAction(press: KeyPress): RowAction | undefined {
  if (!press.shiftKey || !press.altKey || press.ctrlKey || press.metaKey) {
    return undefined;
  }
  return SHIFT_ALT_ACTIONS.find((action) => SHORTCUTS[action].code === press.code);
}

/** The keys' names in the user's language, as the editor shows them elsewhere (Ctrl, Shift, Alt, Enter). */
export interface KeyNames {
  readonly ctrl: string;
  readonly shift: string;
  readonly alt: string;
  readonly enter: string;
}

/**
 * The key of `action` as a menu shows it: "Shift+Alt+C", "Ctrl+C", "Enter" with the names given; on a Mac in its
 * symbols, as its menus do: "⇧⌥C", "⌘C", "↩".
 */
export function shortcutLabel(action: RowAction, mac: boolean, names: KeyNames): string {
  const shortcut = SHORTCUTS[action];
  if (shortcut.modifiers === 'primary') {
    return mac ? `⌘${shortcut.name}` : `${names.ctrl}+${shortcut.name}`;
  }
  if (shortcut.modifiers === 'shiftAlt') {
    return mac ? `⇧⌥${shortcut.name}` : `${names.shift}+${names.alt}+${shortcut.name}`;
  }
  return mac ? '↩' : names.enter;
}

/** The key of `action` as `aria-keyshortcuts` names it (WAI-ARIA's notation: "Shift+Alt+C", "Meta+C"). */
export function ariaShortcut(action: RowAction, mac: boolean): string {
  const shortcut = SHORTCUTS[action];
  if (shortcut.modifiers === 'primary') {
    return `${mac ? 'Meta' : 'Control'}+${shortcut.name}`;
  }
  return shortcut.modifiers === 'shiftAlt' ? `Shift+Alt+${shortcut.name}` : shortcut.name;
}
