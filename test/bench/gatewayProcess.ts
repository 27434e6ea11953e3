/**
 * The sample gateway with the benchmark data set, in a child process of `npm run bench`: its work does not share an
 * event loop with the driver (Playwright) nor with the extension host being measured. The extension host counts and
 * times requests through the gateway's own control endpoint (GET/DELETE /__control/requests).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { startSampleGateway } from '../gateway/server';
import { benchDataset, DEFAULT_LARGE_COUNT } from './benchDataset';

type FromChild = { readonly type: 'ready'; readonly url: string; readonly apiKey: string };

export interface GatewayProcess {
  readonly url: string;
  readonly apiKey: string;
  stop(): Promise<void>;
}

/** Starts the sample gateway with the benchmark data set whose large status holds `largeCount` page groups. */
export function startGatewayProcess(largeCount: number = DEFAULT_LARGE_COUNT): Promise<GatewayProcess> {
  const child: ChildProcess = fork(__filename, ['serve', String(largeCount)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`the benchmark gateway exited (${String(code)}) before it was ready`));
    child.once('error', reject);
    child.once('exit', onExit);
    child.once('message', (message: FromChild) => {
      child.removeListener('exit', onExit);
      resolve({
        url: message.url,
        apiKey: message.apiKey,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              done();
              return;
            }
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

async function serve(largeCount: number): Promise<void> {
  const gateway = await startSampleGateway({ dataset: benchDataset(largeCount) });
  const stop = (): void => {
    void gateway.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
  process.send?.({ type: 'ready', url: gateway.url, apiKey: gateway.apiKey } satisfies FromChild);
}

if (require.main === module && process.argv[2] === 'serve') {
  serve(Number(process.argv[3] ?? DEFAULT_LARGE_COUNT)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
