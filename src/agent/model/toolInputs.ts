/**
 * Reading a tool's input: the editor checks it against the tool's `inputSchema`, but a tool can be invoked with
 * anything (another extension, a model that ignores the schema), so every field is checked again and a bad one
 * becomes a sentence, never an exception. The field readers here are shared by every tool; each tool's own parser
 * lives with its feature. Pure: no `vscode`.
 */
import * as l10n from '@vscode/l10n';

/** Longer text is not a query, a name or an id anybody types. */
export const MAX_TEXT = 2000;

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export type Fields = Readonly<Record<string, unknown>>;

/** A field that is not what the tool takes: its message is the sentence the model reads. */
export class InvalidInput extends Error {}

/** Runs a parser: an `InvalidInput` becomes the problem sentence. */
export function parse<T>(make: () => T): Parsed<T> {
  try {
    return { ok: true, value: make() };
  } catch (error) {
    if (error instanceof InvalidInput) {
      return { ok: false, problem: error.message };
    }
    throw error;
  }
}

export function fieldsOf(input: unknown): Fields {
  if (input === undefined || input === null) {
    return {};
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    throw new InvalidInput(l10n.t('The input must be a JSON object.'));
  }
  return input as Fields;
}

/** Text, trimmed; undefined when absent, null or blank. */
export function optionalText(fields: Fields, name: string): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'string') {
    throw new InvalidInput(l10n.t('“{0}” must be a string.', name));
  }
  if (value.length > MAX_TEXT) {
    throw new InvalidInput(l10n.t('“{0}” is too long (at most {1} characters).', name, String(MAX_TEXT)));
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function requiredText(fields: Fields, name: string): string {
  const value = optionalText(fields, name);
  if (value === undefined) {
    throw new InvalidInput(l10n.t('“{0}” is required.', name));
  }
  return value;
}

export function optionalBoolean(fields: Fields, name: string): boolean | undefined {
  const value = fields[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'boolean') {
    throw new InvalidInput(l10n.t('“{0}” must be true or false.', name));
  }
  return value;
}

/** A whole number from `min` to `max`; `fallback` when absent. */
export function integerIn(fields: Fields, name: string, min: number, max: number, fallback: number): number {
  const value = fields[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidInput(l10n.t('“{0}” must be a whole number from {1} to {2}.', name, String(min), String(max)));
  }
  return value;
}

/** One of `allowed` (exactly); undefined when absent. */
export function optionalChoice<T extends string>(fields: Fields, name: string, allowed: readonly T[]): T | undefined {
  const value = optionalText(fields, name);
  if (value === undefined) {
    return undefined;
  }
  if (!(allowed as readonly string[]).includes(value)) {
    throw new InvalidInput(l10n.t('“{0}” must be one of: {1}.', name, allowed.join(', ')));
  }
  return value as T;
}

/** Fields a tool does not take are named, so a model learns its mistake instead of getting an answer to another question. */
export function rejectUnknown(fields: Fields, known: readonly string[]): void {
  const unknown = Object.keys(fields).filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new InvalidInput(l10n.t('Unknown input fields: {0}. This tool takes: {1}.', unknown.join(', '), known.join(', ')));
  }
}

/**
 * The input a continuation carried wins; a field the call also gives must say the same (else the model mixed up two
 * questions). `given` and `carried` are the normalised inputs as JSON values.
 */
export function sameAsCarried(given: Fields, carried: Fields): void {
  for (const [name, value] of Object.entries(given)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(carried[name])) {
      throw new InvalidInput(l10n.t('The continuation belongs to another question (“{0}” differs): pass the same input, or leave the continuation out to start again.', name));
    }
  }
}

export function badContinuation(): InvalidInput {
  return new InvalidInput(l10n.t('“continuation” is not one this tool returned: pass it exactly as returned, or leave it out to start again.'));
}

export interface GetItemInput {
  readonly id: string;
  readonly gateway: string | undefined;
}

export function parseGetItem(input: unknown): Parsed<GetItemInput> {
  return parse(() => {
    const fields = fieldsOf(input);
    rejectUnknown(fields, ['id', 'gateway']);
    return { id: requiredText(fields, 'id'), gateway: optionalText(fields, 'gateway') };
  });
}

/** The input of a tool that takes none: an empty object (or nothing). */
export function parseNoInput(input: unknown): Parsed<Record<string, never>> {
  return parse(() => {
    rejectUnknown(fieldsOf(input), []);
    return {};
  });
}
