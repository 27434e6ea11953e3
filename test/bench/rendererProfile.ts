/**
 * A CPU profile of the workbench's renderer (the browser page) over one step of the extension-host benchmark, taken
 * over CDP when PGE_BENCH_PROFILE=1: started when the runner says the step began, written when it says it ended. It
 * shows what the editor draws while the extension works (e.g. during a Load All with the view open), which the host's
 * own profiles cannot.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';

export class RendererProfile {
  private session: CDPSession | undefined;
  private starting: Promise<void> | undefined;

  public constructor(
    /** Where the profile is written. */
    private readonly file: string,
    /** A progress line that contains this starts the profile; the same ending in ':' (the step's end) writes it. */
    private readonly step: string,
  ) {}

  /** Reads one progress line of the runner; `page` is the workbench (undefined while it opens). */
  public onProgress(line: string, page: Page | undefined): void {
    if (page === undefined || !line.includes(this.step)) {
      return;
    }
    if (line.endsWith('…') && this.starting === undefined) {
      this.starting = this.start(page).catch(() => undefined);
    } else if (line.includes(`${this.step}:`)) {
      void this.stop();
    }
  }

  private async start(page: Page): Promise<void> {
    const session = await page.context().newCDPSession(page);
    await session.send('Profiler.enable');
    await session.send('Profiler.setSamplingInterval', { interval: 500 });
    await session.send('Profiler.start');
    this.session = session;
  }

  private async stop(): Promise<void> {
    await this.starting;
    const session = this.session;
    this.session = undefined;
    if (session === undefined) {
      return;
    }
    const { profile } = await session.send('Profiler.stop');
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify(profile));
    await session.detach().catch(() => undefined);
  }
}
