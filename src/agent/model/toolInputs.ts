/**
 * The inputs of the language-model tools, validated: the editor checks them against each tool's `inputSchema`, but a
 * tool can be invoked with anything (another extension, a model that ignores the schema), so every field is checked
 * again here and a bad one becomes a sentence, never an exception. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import { decodeContinuation, type Continuation } from './continuation';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;
/** Longer text is not a query, a name or an id anybody types. */
export const MAX_TEXT = 2000;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export interface FindPageGroupsInput {
  readonly query: string;
  readonly status: string | undefined;
  readonly gateway: string | undefined;
  readonly limit: number;
  readonly continuation: Continuation | undefined;
}

export interface GetItemInput {
  readonly id: string;
  readonly gateway: string | undefined;
}

export interface ListWebhooksInput {
  readonly gateway: string | undefined;
  readonly event: string | undefined;
  readonly active: boolean | undefined;
}

export interface CompareWebhooksInput {
  readonly gatewayA: string;
  readonly gatewayB: string;
}

type Fields = Readonly<Record<string, unknown>>;

class Invalid extends Error {}

function fieldsOf(input: unknown): Fields {
  if (input === undefined || input === null) {
    return {};
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new Invalid(l10n.t('The input must be a JSON object.'));
  }
  return input as Fields;
}

function optionalText(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw new Invalid(l10n.t('“{0}” must be a string.', name));
  }
  if (value.length > MAX_TEXT) {
    throw new Invalid(l10n.t('“{0}” is too long (at most {1} characters).', name, String(MAX_TEXT)));
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function requiredText(fields: Fields, name: string): string {
  const value = optionalText(fields, name);
  if (value === undefined) {
    throw new Invalid(l10n.t('“{0}” is required.', name));
  }
  return value;
}

function parse<T>(make: () => T): Parsed<T> {
  try {
    return { ok: true, value: make() };
  } catch (error) {
    if (error instanceof Invalid) {
      return { ok: false, problem: error.message };
    }
    throw error;
  }
}

export function parseFindPageGroups(input: unknown): Parsed<FindPageGroupsInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    const limitValue = fields.limit ?? DEFAULT_LIMIT;
    if (typeof limitValue !== 'number' || !Number.isInteger(limitValue) || limitValue < 1 || limitValue > MAX_LIMIT) {
      throw new Invalid(l10n.t('“limit” must be a whole number from 1 to {0}.', String(MAX_LIMIT)));
    }
    const query = optionalText(fields, 'query');
    const status = optionalText(fields, 'status');
    const token = optionalText(fields, 'continuation');
    let continuation: Continuation | undefined;
    if (token !== undefined) {
      continuation = decodeContinuation(token);
      if (continuation === undefined) {
        throw new Invalid(l10n.t('“continuation” is not one this tool returned: pass it exactly as returned, or leave it out to start again.'));
      }
      if ((query !== undefined && query !== continuation.query) || (status !== undefined && status !== continuation.status)) {
        throw new Invalid(l10n.t('The continuation belongs to another query or status: pass the same ones, or leave the continuation out to start again.'));
      }
    }
    return {
      query: continuation?.query ?? query ?? '',
      status: continuation ? continuation.status : status,
      gateway: optionalText(fields, 'gateway'),
      limit: limitValue,
      continuation,
    };
  });
}

export function parseGetItem(input: unknown): Parsed<GetItemInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    return { id: requiredText(fields, 'id'), gateway: optionalText(fields, 'gateway') };
  });
}

export function parseListWebhooks(input: unknown): Parsed<ListWebhooksInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    const active = fields.active;
    if (active !== undefined && active !== null && typeof active !== 'boolean') {
      throw new Invalid(l10n.t('“active” must be true or false.'));
    }
    return { gateway: optionalText(fields, 'gateway'), event: optionalText(fields, 'event'), active: typeof active === 'boolean' ? active : undefined };
  });
}

export function parseCompareWebhooks(input: unknown): Parsed<CompareWebhooksInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    return { gatewayA: requiredText(fields, 'gatewayA'), gatewayB: requiredText(fields, 'gatewayB') };
  });
}

/** The gateway input of a tool that takes none: an empty object (or nothing). */
export function parseNoInput(input: unknown): Parsed<Record<string, never>> {
  return parse(() => {
    fieldsOf(input);
    return {};
  });
}
