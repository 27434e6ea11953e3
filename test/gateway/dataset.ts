/**
 * Deterministic sample data for the sample gateway: page groups and webhook subscriptions that fill every field of
 * the contract (shared/seed/000_6084dae635b311c9.txt) with realistic values.
 */
import { createPrng, type Prng } from './prng';

export interface Dataset {
  /** Served as-is, in this order. */
  readonly pageGroups: readonly Record<string, unknown>[];
  /** Served as-is, in this order. */
  readonly webhooks: readonly Record<string, unknown>[];
}

export interface DatasetOptions {
  /** Default 150. */
  pageGroupCount?: number;
  /** Default { published: 6, draft: 4, archived: 2, in_review: 1 }. */
  statusWeights?: Record<string, number>;
  /** Page groups with no `status` field at all; default 5. */
  withoutStatusCount?: number;
  /** Every Nth page group gets deletedAt; default 9; 0 = none. */
  deletedEvery?: number;
  /** Default 8. */
  webhookCount?: number;
  /** Default 1: same options => byte-identical dataset. */
  seed?: number;
}

export const DEFAULT_STATUS_WEIGHTS: Readonly<Record<string, number>> = Object.freeze({
  published: 6,
  draft: 4,
  archived: 2,
  in_review: 1,
});

/** The six event kinds of the contract, in the contract's order. */
export const SAMPLE_EVENT_KINDS: readonly string[] = Object.freeze([
  'page.version.created',
  'page.version.processed',
  'page.version.published',
  'form.submitted',
  'form.enriched',
  'form.enrichment_failed',
]);

/** Every TITLE_GAP-th page group (1-based position) has no `title`. */
const TITLE_GAP = 23;
/** Every EXTRA_FIELD_GAP-th page group (1-based position) carries an unknown field, `experimentalFlags`. */
const EXTRA_FIELD_GAP = 30;
/** 2024-01-01T00:00:00.000Z: data does not depend on the clock. */
const BASE_TIME_MS = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

const FLOWS = [
  'checkout-flow',
  'landing-page',
  'account-settings',
  'support-center',
  'spring-campaign',
  'product-detail',
  'signup-wizard',
  'order-tracking',
  'newsletter-form',
  'store-locator',
] as const;
const PAGE_CONTEXTS = ['checkout', 'marketing', 'account', 'support', 'catalog', 'onboarding'] as const;
const TENANTS = ['tnt_acme', 'tnt_globex', 'tnt_initech'] as const;
const BRANDS = ['brd_northwind', 'brd_contoso', 'brd_fabrikam', 'brd_tailspin'] as const;
const ACTION_TYPES = ['navigate', 'submit', 'open_modal', 'download'] as const;
const ACTION_LABELS = ['Continue', 'Buy now', 'Learn more', 'Contact us', 'Download PDF', 'Sign up'] as const;
const FOOTER_LINKS = [
  { label: 'Privacy', href: 'https://www.example.com/privacy' },
  { label: 'Terms', href: 'https://www.example.com/terms' },
  { label: 'Imprint', href: 'https://www.example.com/imprint' },
  { label: 'Help', href: 'https://help.example.com/' },
  { label: 'Careers', href: 'https://jobs.example.com/' },
] as const;
const SCRIPT_NAMES = ['analytics', 'consent-banner', 'chat-widget', 'ab-testing', 'heatmap'] as const;
/** The three timestamp shapes the contract's webhook pattern accepts, used in turn. */
const WEBHOOK_TIME_SHAPES = ['seconds', 'minutes', 'millis'] as const;

export function generateDataset(options: DatasetOptions = {}): Dataset {
  const pageGroupCount = nonNegativeInt(options.pageGroupCount, 150);
  const withoutStatusCount = Math.min(nonNegativeInt(options.withoutStatusCount, 5), pageGroupCount);
  const deletedEvery = nonNegativeInt(options.deletedEvery, 9);
  const webhookCount = nonNegativeInt(options.webhookCount, 8);
  const weights = Object.entries(options.statusWeights ?? DEFAULT_STATUS_WEIGHTS).filter(([, w]) => w > 0);
  const random = createPrng(options.seed ?? 1);

  const withoutStatus = spreadPositions(withoutStatusCount, pageGroupCount);
  const pageGroups: Record<string, unknown>[] = [];
  for (let index = 0; index < pageGroupCount; index++) {
    const status = withoutStatus.has(index) ? undefined : pickWeighted(random, weights);
    const deleted = deletedEvery > 0 && (index + 1) % deletedEvery === 0;
    pageGroups.push(pageGroup(random, index, status, deleted));
  }

  const webhooks: Record<string, unknown>[] = [];
  for (let index = 0; index < webhookCount; index++) {
    webhooks.push(webhook(random, index));
  }
  return { pageGroups, webhooks };
}

function pageGroup(random: Prng, index: number, status: string | undefined, deleted: boolean): Record<string, unknown> {
  const number = index + 1;
  const flow = FLOWS[index % FLOWS.length] as string;
  const name = `${flow}-${number}`;
  const createdMs = BASE_TIME_MS + random.int(0, 700) * DAY_MS + random.int(0, DAY_MS - 1);
  const updatedMs = createdMs + random.int(0, 60) * DAY_MS + random.int(0, DAY_MS - 1);
  const actions = Array.from({ length: random.int(0, 3) }, (_, i) => ({
    actionId: `act_${pad(number, 6)}_${i + 1}`,
    type: random.pick(ACTION_TYPES),
    label: random.pick(ACTION_LABELS),
  }));
  const footerLinks = FOOTER_LINKS.slice(0, random.int(0, 3)).map((link) => ({ ...link }));
  const scripts = Array.from({ length: random.int(0, 2) }, (_, i) => ({
    src: `https://cdn.example.com/js/${SCRIPT_NAMES[(index + i) % SCRIPT_NAMES.length] as string}.js`,
    async: random.chance(0.5),
  }));

  const item: Record<string, unknown> = {
    pageGroupId: `pg_${pad(number, 6)}`,
    tenantId: random.pick(TENANTS),
    brandId: random.pick(BRANDS),
    name,
  };
  if (number % TITLE_GAP !== 0) {
    item.title = titleCase(name);
  }
  item.pageContext = random.pick(PAGE_CONTEXTS);
  if (status !== undefined) {
    item.status = status;
  }
  item.pagesCount = random.int(1, 40);
  item.actions = actions;
  item.footerLinks = footerLinks;
  item.scripts = scripts;
  item.createdAt = new Date(createdMs).toISOString();
  item.updatedAt = new Date(updatedMs).toISOString();
  item.headerActionId = actions.length > 0 ? actions[0]?.actionId : `act_${pad(number, 6)}_header`;
  if (deleted) {
    item.deletedAt = new Date(updatedMs + random.int(1, 30) * DAY_MS).toISOString();
  }
  if (number % EXTRA_FIELD_GAP === 0) {
    item.experimentalFlags = { darkMode: random.chance(0.5), layoutVersion: random.int(2, 4) };
  }
  return item;
}

function webhook(random: Prng, index: number): Record<string, unknown> {
  const number = index + 1;
  let events: string[] | null;
  if (index === 0) {
    events = [...SAMPLE_EVENT_KINDS];
  } else if (index === 1) {
    events = null;
  } else if (index === 2) {
    events = [];
  } else {
    events = SAMPLE_EVENT_KINDS.filter(() => random.chance(0.45));
    if (events.length === 0) {
      events = [random.pick(SAMPLE_EVENT_KINDS)];
    }
  }
  const createdMs = BASE_TIME_MS + random.int(0, 700) * DAY_MS + random.int(0, DAY_MS - 1000);
  const updatedMs = createdMs + random.int(0, 90) * DAY_MS + random.int(0, DAY_MS - 1000);
  const shape = WEBHOOK_TIME_SHAPES[index % WEBHOOK_TIME_SHAPES.length] ?? 'seconds';
  return {
    id: `wh_${pad(number, 4)}`,
    url: `https://hooks.example.com/pages/${number}`,
    events,
    active: index % 3 !== 2,
    createdAt: webhookTimestamp(createdMs, shape),
    updatedAt: webhookTimestamp(updatedMs, shape),
  };
}

/** `2026-03-01T10:15:30Z`, `2026-03-01T10:15Z` or `2026-03-01T10:15:30.123Z`. */
function webhookTimestamp(ms: number, shape: (typeof WEBHOOK_TIME_SHAPES)[number]): string {
  const iso = new Date(ms).toISOString(); // 2026-03-01T10:15:30.123Z
  switch (shape) {
    case 'minutes':
      return `${iso.slice(0, 16)}Z`;
    case 'seconds':
      return `${iso.slice(0, 19)}Z`;
    case 'millis':
      return iso;
  }
}

function pickWeighted(random: Prng, weights: readonly (readonly [string, number])[]): string | undefined {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  if (total <= 0) {
    return undefined;
  }
  let roll = random.next() * total;
  for (const [status, weight] of weights) {
    roll -= weight;
    if (roll < 0) {
      return status;
    }
  }
  return weights[weights.length - 1]?.[0];
}

/** `count` indices spread evenly over [0, length), deterministic. */
function spreadPositions(count: number, length: number): Set<number> {
  const positions = new Set<number>();
  for (let i = 0; i < count; i++) {
    positions.add(Math.floor(((i + 0.5) * length) / count));
  }
  return positions;
}

function titleCase(name: string): string {
  return name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

function nonNegativeInt(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) {
    return fallback;
  }
  return Math.max(0, Math.floor(value));
}
