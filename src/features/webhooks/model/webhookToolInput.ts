/**
 * The input of List and Compare Webhook Subscriptions, and their continuations (the input as understood, plus where
 * each list stopped and its version: a reload changes it). Pure: no `vscode`.
 */
import { EVENT_KINDS } from '../../../api/model';
import { decodeContinuation, encodeContinuation, positionsField, readPositions, type GatewayPosition } from '../../../agent/model/continuation';
import {
  badContinuation,
  fieldsOf,
  integerIn,
  optionalBoolean,
  optionalChoice,
  optionalText,
  parse,
  rejectUnknown,
  requiredText,
  sameAsCarried,
  type Fields,
  type Parsed,
} from '../../../agent/model/toolInputs';

export const LIST_TOOL = 'pageGateway_listWebhookSubscriptions';
export const COMPARE_TOOL = 'pageGateway_compareWebhookSubscriptions';
export const DEFAULT_WEBHOOK_LIMIT = 50;
export const MAX_WEBHOOK_LIMIT = 200;

export interface ListWebhooksQuestion {
  readonly gateway?: string;
  readonly event?: string;
  readonly active?: boolean;
  readonly withWarnings?: boolean;
}

export interface ListWebhooksInput {
  readonly question: ListWebhooksQuestion;
  readonly limit: number;
  readonly positions: ReadonlyMap<string, GatewayPosition>;
}

export interface CompareWebhooksQuestion {
  readonly gatewayA: string;
  readonly gatewayB: string;
  readonly event?: string;
}

export interface CompareWebhooksInput {
  readonly question: CompareWebhooksQuestion;
  readonly limit: number;
  /** Where the previous call stopped: `version` packs both lists' versions (see compareVersion). */
  readonly position: GatewayPosition | undefined;
}

function defined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

function listQuestion(fields: Fields): ListWebhooksQuestion {
  return defined({
    gateway: optionalText(fields, 'gateway'),
    event: optionalChoice(fields, 'event', EVENT_KINDS),
    active: optionalBoolean(fields, 'active'),
    withWarnings: optionalBoolean(fields, 'withWarnings'),
  }) as ListWebhooksQuestion;
}

export function parseListWebhooks(input: unknown): Parsed<ListWebhooksInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    rejectUnknown(fields, ['gateway', 'event', 'active', 'withWarnings', 'limit', 'continuation']);
    const given = listQuestion(fields);
    const limit = integerIn(fields, 'limit', 1, MAX_WEBHOOK_LIMIT, DEFAULT_WEBHOOK_LIMIT);
    const token = optionalText(fields, 'continuation');
    if (token === undefined) {
      return { question: given, limit, positions: new Map() };
    }
    const body = decodeContinuation(token, LIST_TOOL);
    const positions = body === undefined ? undefined : readPositions(body.g);
    if (body === undefined || positions === undefined || typeof body.q !== 'object' || body.q === null) {
      throw badContinuation();
    }
    const question = listQuestion(fieldsOf(body.q));
    sameAsCarried(given as Fields, question as Fields);
    return { question, limit, positions };
  });
}

export function listContinuation(question: ListWebhooksQuestion, positions: ReadonlyMap<string, GatewayPosition>): string {
  return encodeContinuation(LIST_TOOL, { q: question, g: positionsField(positions) });
}

function compareQuestion(fields: Fields): CompareWebhooksQuestion {
  return defined({
    gatewayA: requiredText(fields, 'gatewayA'),
    gatewayB: requiredText(fields, 'gatewayB'),
    event: optionalChoice(fields, 'event', EVENT_KINDS),
  }) as unknown as CompareWebhooksQuestion;
}

export function parseCompareWebhooks(input: unknown): Parsed<CompareWebhooksInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    rejectUnknown(fields, ['gatewayA', 'gatewayB', 'event', 'limit', 'continuation']);
    const token = optionalText(fields, 'continuation');
    const limit = integerIn(fields, 'limit', 1, MAX_WEBHOOK_LIMIT, DEFAULT_WEBHOOK_LIMIT);
    if (token === undefined) {
      return { question: compareQuestion(fields), limit, position: undefined };
    }
    const body = decodeContinuation(token, COMPARE_TOOL);
    const positions = body === undefined ? undefined : readPositions(body.g);
    const position = positions?.get('');
    if (body === undefined || position === undefined || typeof body.q !== 'object' || body.q === null) {
      throw badContinuation();
    }
    const question = compareQuestion(fieldsOf(body.q));
    sameAsCarried(defined({ gatewayA: optionalText(fields, 'gatewayA'), gatewayB: optionalText(fields, 'gatewayB'), event: optionalText(fields, 'event') }), question as unknown as Fields);
    return { question, limit, position };
  });
}

/** One number for the versions of both lists (each below 2^26 in any session). */
export function compareVersion(versionA: number, versionB: number): number {
  return versionA * 67_108_864 + versionB;
}

export function compareContinuation(question: CompareWebhooksQuestion, version: number, position: number): string {
  return encodeContinuation(COMPARE_TOOL, { q: question, g: positionsField(new Map([['', { version, position }]])) });
}
