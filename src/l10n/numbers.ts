/** Numbers as the editor's language writes them: `10,000`, `10 000`, `10.000`; durations and sizes with their unit. Pure. */
import * as l10n from '@vscode/l10n';
import { locale } from './locale';

/** A pure cache (module state on purpose): one formatter per locale and style. */
const cache = new Map<string, Intl.NumberFormat>();

function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `${locale()}|${key}`;
  let format = cache.get(id);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale(), options);
    cache.set(id, format);
  }
  return format;
}

/** `12,345`; at most three fraction digits. */
export function formatNumber(value: number): string {
  return formatter('number', { maximumFractionDigits: 3 }).format(value);
}

/** `30 seconds`, `1.5 seconds`, `1 second`: the editor's language names the unit. */
export function formatSeconds(seconds: number): string {
  return formatter('seconds', { style: 'unit', unit: 'second', unitDisplay: 'long', maximumFractionDigits: 3 }).format(seconds);
}

/** `5 minutes`. */
export function formatMinutes(minutes: number): string {
  return formatter('minutes', { style: 'unit', unit: 'minute', unitDisplay: 'long', maximumFractionDigits: 0 }).format(minutes);
}

/** `512 bytes`, `4 KiB`, `1.5 MiB` (binary units, which `Intl` has no names for, so the unit is a message). */
export function formatBytes(bytes: number): string {
  const tenths = (value: number): string => formatter('tenths', { maximumFractionDigits: 1 }).format(value);
  if (bytes >= 1024 * 1024) {
    return l10n.t({ message: '{0} MiB', args: [tenths(bytes / (1024 * 1024))], comment: 'mebibytes (1,048,576 bytes)' });
  }
  if (bytes >= 1024) {
    return l10n.t({ message: '{0} KiB', args: [tenths(bytes / 1024)], comment: 'kibibytes (1,024 bytes)' });
  }
  return formatter('bytes', { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes);
}
