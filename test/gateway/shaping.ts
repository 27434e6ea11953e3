/**
 * Item-level fault shaping: broken items (`badItems`) and webhook timestamp/event variants (`webhookVariant`).
 * Pure functions over copies; the dataset itself is never changed.
 */
import type { WebhookVariant } from './faults';

/** `badItems` breaks the items at page positions 2, 5, 8, … (every 3rd item). */
export const BAD_ITEM_EVERY = 3;

/** Timestamps used by the `boundaryTimestamps` variant, in turn; all of them match the contract's pattern. */
export const BOUNDARY_TIMESTAMPS: readonly string[] = Object.freeze([
  '2024-02-29T23:59:59.999999Z',
  '2000-02-29T00:00Z',
  '1900-02-28T23:59:59Z',
  '2026-12-31T23:59:59.9Z',
  '2025-01-01T00:00:00Z',
]);

/** Event kinds outside the contract, added by the `unknownEvents` variant. */
export const UNKNOWN_EVENT_KINDS: readonly string[] = Object.freeze(['page.deleted', 'form.archived', 'page.version.reverted']);

const OFFSETS = ['+02:00', '-05:30'] as const;

export function isBadPosition(positionOnPage: number): boolean {
  return positionOnPage % BAD_ITEM_EVERY === BAD_ITEM_EVERY - 1;
}

/**
 * A broken copy of a page group. The breakages rotate: (1) `pagesCount: "7"` and `status: 5`, (2) no `pageGroupId`,
 * (3) `actions: "none"`, `createdAt: 1700000000` and `title: null`.
 */
export function breakPageGroup(item: Record<string, unknown>, positionOnPage: number): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...item };
  switch (Math.floor(positionOnPage / BAD_ITEM_EVERY) % 3) {
    case 0:
      copy.pagesCount = '7';
      copy.status = 5;
      break;
    case 1:
      delete copy.pageGroupId;
      break;
    default:
      copy.actions = 'none';
      copy.createdAt = 1700000000;
      copy.title = null;
  }
  return copy;
}

/**
 * A broken copy of a webhook subscription. The breakages rotate: (1) `url: "not a url"`, (2) `events: "x"`,
 * (3) no `active`, (4) `createdAt: "2023-02-29T10:00Z"` (not a calendar date).
 */
export function breakWebhook(item: Record<string, unknown>, position: number): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...item };
  switch (Math.floor(position / BAD_ITEM_EVERY) % 4) {
    case 0:
      copy.url = 'not a url';
      break;
    case 1:
      copy.events = 'x';
      break;
    case 2:
      delete copy.active;
      break;
    default:
      copy.createdAt = '2023-02-29T10:00Z';
  }
  return copy;
}

export function webhookVariant(item: Record<string, unknown>, position: number, variant: WebhookVariant): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...item };
  switch (variant) {
    case 'offsetTimestamps': {
      const offset = OFFSETS[position % OFFSETS.length] as string;
      copy.createdAt = replaceZone(copy.createdAt, offset);
      copy.updatedAt = replaceZone(copy.updatedAt, offset);
      break;
    }
    case 'boundaryTimestamps':
      copy.createdAt = BOUNDARY_TIMESTAMPS[position % BOUNDARY_TIMESTAMPS.length];
      copy.updatedAt = BOUNDARY_TIMESTAMPS[(position + 1) % BOUNDARY_TIMESTAMPS.length];
      break;
    case 'unknownEvents':
      if (Array.isArray(copy.events)) {
        copy.events = [...(copy.events as unknown[]), UNKNOWN_EVENT_KINDS[position % UNKNOWN_EVENT_KINDS.length]];
      }
      break;
    case 'nullEvents':
      copy.events = null;
      break;
    case 'lowercaseZ':
      copy.createdAt = replaceZone(copy.createdAt, 'z');
      copy.updatedAt = replaceZone(copy.updatedAt, 'z');
      break;
  }
  return copy;
}

function replaceZone(value: unknown, zone: string): unknown {
  return typeof value === 'string' && value.endsWith('Z') ? value.slice(0, -1) + zone : value;
}
