/** An optional V8 CPU profile of the extension host around one step (for finding where activation time goes). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Session } from 'node:inspector/promises';

/** Runs `action`; when `directory` is set, records a CPU profile meanwhile and writes `<name>.cpuprofile` there. */
export async function profiled<T>(directory: string | undefined, name: string, action: () => Promise<T>): Promise<T> {
  if (!directory) {
    return action();
  }
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    let result: T;
    try {
      result = await action();
    } finally {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(directory, { recursive: true });
      fs.writeFileSync(path.join(directory, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    return result;
  } finally {
    session.disconnect();
  }
}
