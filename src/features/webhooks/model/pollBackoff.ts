/**
 * When the next automatic refresh of a webhook list is due: every `intervalSeconds` while polls succeed; after
 * failures the interval doubles each time, up to MAX_BACKOFF_SECONDS (or the interval itself, when it is longer).
 * A rejected key is not retried at all: polling waits until the key changes. Pure.
 */

export const MAX_BACKOFF_SECONDS = 15 * 60;

export type PollOutcome = 'ok' | 'failed' | 'unauthorized';

export interface PollState {
  /** Failed polls in a row. */
  readonly failures: number;
  /** The key was rejected: no poll until it changes. */
  readonly paused: boolean;
}

export const FRESH: PollState = { failures: 0, paused: false };

export function afterPoll(state: PollState, outcome: PollOutcome): PollState {
  switch (outcome) {
    case 'ok':
      return FRESH;
    case 'failed':
      return { failures: state.failures + 1, paused: false };
    case 'unauthorized':
      return { failures: state.failures, paused: true };
  }
}

/** Seconds until the next poll, or undefined while paused. */
export function nextDelaySeconds(intervalSeconds: number, state: PollState): number | undefined {
  if (state.paused) {
    return undefined;
  }
  const cap = Math.max(intervalSeconds, MAX_BACKOFF_SECONDS);
  // 2^failures grows fast; stop doubling once past the cap.
  let delay = intervalSeconds;
  for (let i = 0; i < state.failures && delay < cap; i += 1) {
    delay *= 2;
  }
  return Math.min(delay, cap);
}
