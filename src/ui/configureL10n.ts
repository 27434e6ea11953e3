/**
 * At activation: the strings of the pure modules (`l10n.t` of `@vscode/l10n`) come from the bundle the editor loaded
 * for its display language (`vscode.l10n.bundle`, undefined in English), and `Intl` formats for that language.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { setLocale } from '../l10n/locale';

export function configureL10n(): void {
  setLocale(vscode.env.language);
  const bundle = vscode.l10n.bundle;
  if (bundle !== undefined) {
    l10n.config({ contents: bundle });
  }
}
