/** Medians and number formatting for the benchmark tables. */

export function median(values: readonly number[]): number {
  if (values.length === 0) {
    return Number.NaN;
  }
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** "min 1.2, max 3.4 ms over 5 runs" */
export function spread(values: readonly number[], unit: string, digits = 1): string {
  if (values.length === 0) {
    return 'no samples';
  }
  return `min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)} ${unit}, ${values.length} runs`;
}

export function mib(bytes: number): number {
  return bytes / 1024 / 1024;
}

export function kib(bytes: number): number {
  return bytes / 1024;
}
