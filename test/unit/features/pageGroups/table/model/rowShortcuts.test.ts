import { strict as assert } from 'node:assert';
import * as fc from 'fast-check';
import { ariaShortcut, shiftAltRowAction, shortcutLabel, type KeyPress } from '../../../../../../src/features/pageGroups/table/model/rowShortcuts';
import { ROW_ACTIONS } from '../../../../../../src/features/pageGroups/table/model/tableProtocol';

const press = (code: string, mods: Partial<Omit<KeyPress, 'code'>> = {}): KeyPress => ({ code, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
const ENGLISH = { ctrl: 'Ctrl', shift: 'Shift', alt: 'Alt', enter: 'Enter' };

describe('Page Groups table: the keys that act on rows', () => {
  it('Shift+Alt+C, R, D ask for Copy Link, Reveal in Tree and Compare, by the key\'s place (a Mac\'s Option types a character)', () => {
    assert.equal(shiftAltRowAction(press('KeyC', { shiftKey: true, altKey: true })), 'copyLink');
    assert.equal(shiftAltRowAction(press('KeyR', { shiftKey: true, altKey: true })), 'reveal');
    assert.equal(shiftAltRowAction(press('KeyD', { shiftKey: true, altKey: true })), 'compare');
    assert.equal(shiftAltRowAction(press('KeyC', { ctrlKey: true })), undefined, 'Ctrl+C is the grid\'s copy, not a Shift+Alt key');
    assert.equal(shiftAltRowAction(press('ArrowRight', { shiftKey: true, altKey: true })), undefined, 'Shift+Alt+Right resizes a column');
  });

  it('no other press asks for a row action: another modifier, one of Shift and Alt missing, another key (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('KeyC', 'KeyR', 'KeyD', 'KeyA', 'KeyX', 'Enter', 'Space', 'ArrowLeft'), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (code, ctrlKey, metaKey, shiftKey, altKey) => {
        const action = shiftAltRowAction(press(code, { ctrlKey, metaKey, shiftKey, altKey }));
        const expected = shiftKey && altKey && !ctrlKey && !metaKey ? ({ KeyC: 'copyLink', KeyR: 'reveal', KeyD: 'compare' } as Record<string, string>)[code] : undefined;
        assert.equal(action, expected);
      }),
    );
  });

  it('each action\'s key as the menu shows it, in the words given and in a Mac\'s symbols; as ARIA names it', () => {
    assert.deepEqual(
      ROW_ACTIONS.map((action) => [action, shortcutLabel(action, false, ENGLISH), shortcutLabel(action, true, ENGLISH), ariaShortcut(action, false), ariaShortcut(action, true)]),
      [
        ['openJson', 'Enter', '↩', 'Enter', 'Enter'],
        ['copyId', 'Ctrl+C', '⌘C', 'Control+C', 'Meta+C'],
        ['copyLink', 'Shift+Alt+C', '⇧⌥C', 'Shift+Alt+C', 'Shift+Alt+C'],
        ['reveal', 'Shift+Alt+R', '⇧⌥R', 'Shift+Alt+R', 'Shift+Alt+R'],
        ['compare', 'Shift+Alt+D', '⇧⌥D', 'Shift+Alt+D', 'Shift+Alt+D'],
      ],
    );
    assert.equal(shortcutLabel('copyLink', false, { ctrl: 'Strg', shift: 'Umschalt', alt: 'Alt', enter: 'Eingabe' }), 'Umschalt+Alt+C');
    assert.equal(shortcutLabel('openJson', false, { ctrl: 'Strg', shift: 'Umschalt', alt: 'Alt', enter: 'Eingabe' }), 'Eingabe');
  });
});
