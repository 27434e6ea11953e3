// Drives VS Code's quick input (command palette, quick picks, input boxes) like a user: keyboard and clicks.
import type { Locator, Page } from 'playwright-core';

export interface QuickPickItem {
  /** The row's accessible label (label, then description/detail when present). */
  readonly label: string;
  /** The label text as shown. */
  readonly text: string;
  readonly description: string;
  readonly checked: boolean | undefined;
}

export class QuickInputDriver {
  readonly widget: Locator;
  readonly input: Locator;

  constructor(private readonly page: Page) {
    this.widget = page.locator('.quick-input-widget');
    this.input = this.widget.locator('.quick-input-box input');
  }

  /** F1, after closing a context menu or quick input still open (they would keep the palette from working). */
  async openCommandPalette(): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    if (await menu.isVisible()) {
      await this.page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }
    if (await this.widget.isVisible()) {
      await this.page.keyboard.press('Escape');
      await this.waitClosed();
    }
    await this.page.keyboard.press('F1');
    await this.waitOpen();
  }

  async isOpen(): Promise<boolean> {
    return this.widget.isVisible();
  }

  async waitOpen(timeoutMs = 10_000): Promise<void> {
    await this.input.waitFor({ state: 'visible', timeout: timeoutMs });
  }

  async waitClosed(timeoutMs = 10_000): Promise<void> {
    await this.widget.waitFor({ state: 'hidden', timeout: timeoutMs });
  }

  /** Replaces the input's text. */
  async type(text: string): Promise<void> {
    await this.waitOpen();
    await this.input.fill(text);
  }

  async value(): Promise<string> {
    return this.input.inputValue();
  }

  /** The input's placeholder (an input box's prompt often shows there). */
  async placeholder(): Promise<string> {
    return (await this.input.getAttribute('placeholder')) ?? '';
  }

  async title(): Promise<string> {
    const title = this.widget.locator('.quick-input-title');
    return (await title.isVisible()) ? ((await title.textContent()) ?? '').trim() : '';
  }

  /** The message under the input: an input box's prompt or its validation message. */
  async message(): Promise<string> {
    const message = this.widget.locator('.quick-input-message');
    return (await message.isVisible()) ? ((await message.textContent()) ?? '').trim() : '';
  }

  /** Whether the input box shows a validation error. */
  async hasError(): Promise<boolean> {
    return (await this.widget.locator('.quick-input-message.error, .monaco-inputbox.error, .quick-input-box .error').count()) > 0;
  }

  async items(): Promise<QuickPickItem[]> {
    return this.widget.locator('.quick-input-list .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => {
        const checkbox = row.querySelector('input[type="checkbox"]');
        return {
          label: row.getAttribute('aria-label') ?? '',
          text: row.querySelector('.label-name')?.textContent?.trim() ?? '',
          description: row.querySelector('.label-description')?.textContent?.trim() ?? '',
          checked: checkbox instanceof HTMLInputElement ? checkbox.checked : undefined,
        };
      }),
    );
  }

  /** Clicks the row whose shown label is `label` (exactly), waiting for it to be listed. */
  async pick(label: string, timeoutMs = 10_000): Promise<void> {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const row = this.widget.locator('.quick-input-list .monaco-list-row').filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*${escaped}\\s*$`) }) });
    await row.first().click({ timeout: timeoutMs });
  }

  /** Enter. */
  async accept(): Promise<void> {
    await this.input.press('Enter');
  }

  /** Escape, then waits until the widget is gone. */
  async cancel(): Promise<void> {
    await this.input.press('Escape');
    await this.waitClosed();
  }
}
