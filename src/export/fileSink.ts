/**
 * Writes an export to a file as it is produced: text goes into a temporary file next to the target (a write waits
 * while the stream's buffer is full, so memory holds at most about one batch), and only `commit()` moves it into
 * place, replacing the target in one step. `abort()` deletes the temporary file: a cancelled or failed export leaves
 * the target as it was. The temporary file is created readable and writable by its owner only (mode 0600, exclusively:
 * an existing file or link of that name is never written through), and the file moved into place keeps that mode. No
 * `vscode` import.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface FileSink {
  /** Appends `text`; resolves once the stream can take more. */
  write(text: string): Promise<void>;
  /** Ends the file and moves it to the target. */
  commit(): Promise<void>;
  /** Stops writing and deletes the temporary file; the target is untouched. */
  abort(): Promise<void>;
  /** UTF-8 bytes written so far. */
  readonly bytes: number;
  /** The temporary file being written. */
  readonly temporaryPath: string;
}

/** Opens a sink for `target`; the temporary file goes into `temporaryDir` (default: the target's folder). */
export async function openFileSink(target: string, temporaryDir: string = path.dirname(target)): Promise<FileSink> {
  const temporaryPath = path.join(temporaryDir, `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
  const stream = fs.createWriteStream(temporaryPath, { flags: 'wx', mode: 0o600, encoding: 'utf8' });
  let failure: Error | undefined;
  stream.on('error', (error) => {
    failure = error;
  });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  });
  let bytes = 0;
  let finished = false;

  const drained = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error): void => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });

  const remove = async (): Promise<void> => {
    await fs.promises.rm(temporaryPath, { force: true });
  };

  return {
    get bytes(): number {
      return bytes;
    },
    temporaryPath,
    async write(text: string): Promise<void> {
      if (finished) {
        throw new Error('the export file is already closed'); // l10n-ignore: a programming error (a write after the end)
      }
      if (failure) {
        throw failure;
      }
      if (text === '') {
        return;
      }
      bytes += Buffer.byteLength(text, 'utf8');
      if (!stream.write(text)) {
        await drained();
      }
    },
    async commit(): Promise<void> {
      if (failure) {
        throw failure;
      }
      finished = true;
      try {
        await new Promise<void>((resolve, reject) => {
          stream.once('error', reject);
          stream.end(() => resolve());
        });
        await fs.promises.rename(temporaryPath, target);
      } catch (error) {
        await remove();
        throw error;
      }
    },
    async abort(): Promise<void> {
      finished = true;
      if (!stream.destroyed) {
        await new Promise<void>((resolve) => {
          stream.once('close', () => resolve());
          stream.destroy();
        });
      }
      await remove();
    },
  };
}
