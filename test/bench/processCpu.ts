/**
 * CPU time per process over the steps of the extension-host benchmark, read from /proc (Linux) when
 * PGE_BENCH_PROCESS_CPU=1: the runner marks the start and end of each plain walk and Load All of a round, and this
 * sums, per kind of process (extension host, browser renderer, GPU process, sample gateway, code-server), the CPU each
 * used between the marks. It tells work the extension does apart from work it makes the editor do (a frame drawn,
 * a tree read) on a machine whose cores they share. Only for finding where time goes; no figure of the report is
 * taken from it.
 */
import * as fs from 'node:fs';

export const ENV_PROCESS_CPU = 'PGE_BENCH_PROCESS_CPU';
/** What a progress line that marks a step starts with; the rest is `<step>-start` or `<step>-end`. */
export const CPU_MARK = 'CPU mark ';

/** CPU ms per kind of process, as /proc says now. */
function snapshot(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const kind = kindOf(command);
      if (kind !== undefined) {
        // utime and stime, in clock ticks of 10 ms.
        ticks.set(kind, (ticks.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

function kindOf(command: string): string | undefined {
  if (/bootstrap-fork|--type=extensionHost/.test(command)) return 'extension host';
  if (/--type=renderer/.test(command)) return 'renderer';
  if (/--type=gpu-process/.test(command)) return 'gpu';
  if (/--type=/.test(command)) return 'browser (other)';
  if (/chrom/i.test(command)) return 'browser';
  if (/code-server|out\/node\/entry/.test(command)) return 'code-server';
  if (/gatewayProcess|gateway\/server/.test(command)) return 'gateway';
  return undefined;
}

export class ProcessCpu {
  private readonly open = new Map<string, Map<string, number>>();
  private readonly totals = new Map<string, { rounds: number; cpu: Map<string, number> }>();

  /** Reads a progress line of the runner; true when it was a mark (it is not shown). */
  public onProgress(line: string): boolean {
    if (!line.startsWith(CPU_MARK)) {
      return false;
    }
    const mark = line.slice(CPU_MARK.length);
    const now = snapshot();
    if (mark.endsWith('-start')) {
      this.open.set(mark.slice(0, -'-start'.length), now);
    } else if (mark.endsWith('-end')) {
      const step = mark.slice(0, -'-end'.length);
      const before = this.open.get(step);
      if (before !== undefined) {
        const total = this.totals.get(step) ?? { rounds: 0, cpu: new Map<string, number>() };
        total.rounds += 1;
        for (const [kind, ms] of now) {
          total.cpu.set(kind, (total.cpu.get(kind) ?? 0) + ms - (before.get(kind) ?? 0));
        }
        this.totals.set(step, total);
      }
    }
    return true;
  }

  /** One line per step: the mean CPU ms per round of each kind of process. */
  public summary(): string[] {
    return [...this.totals].map(([step, { rounds, cpu }]) => {
      const kinds = [...cpu].sort((a, b) => b[1] - a[1]).map(([kind, ms]) => `${kind} ${Math.round(ms / rounds)}`);
      return `CPU ms per round, ${step} (${rounds} rounds): ${kinds.join(', ')}`;
    });
  }
}

/** What the runner logs to mark a step's start or end (nothing unless PGE_BENCH_PROCESS_CPU=1). */
export function cpuMarkLine(step: string, edge: 'start' | 'end'): string | undefined {
  return process.env[ENV_PROCESS_CPU] === '1' ? `${CPU_MARK}${step}-${edge}` : undefined;
}
