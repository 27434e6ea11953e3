/** Theme icons shared by both trees (coloured by the theme, legible in light and dark themes). */
import * as vscode from 'vscode';

export const WARNING_ICON = new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
export const ERROR_ICON = new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
