/**
 * How far a tool got on each gateway, the same for every tool: `complete` (everything the question needs was read),
 * how many items were read, and when a gateway could not be asked or failed, why. Pure: no `vscode`.
 */

/** Requests one call of a tool may send to one gateway: each gateway has its own budget, so none starves another. */
export const MAX_REQUESTS_PER_GATEWAY = 20;

/** Why a gateway is not complete: not asked (no key, no consent…), a failed request, or a stop on the way. */
export type CoverageState = 'notReady' | 'failed' | 'partial' | 'cancelled' | 'restarted' | 'capped' | 'stopped';

export interface Coverage {
  readonly gateway: string;
  readonly complete: boolean;
  /** Items read on it (loaded now, for the lists this answer needed). */
  readonly read: number;
  readonly state?: CoverageState;
  /** A sentence: why, and what to do. */
  readonly reason?: string;
}

/** Whether every gateway is complete. */
export function allComplete(coverage: readonly Coverage[]): boolean {
  return coverage.length > 0 && coverage.every((entry) => entry.complete);
}
