import { z } from 'zod';

/** Message of a value holding a control character (NUL, escape, bell...). */
export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters';

/**
 * C0 and C1 control characters, DEL, the line and paragraph separators (U+2028, U+2029, and NEL
 * U+0085 among C1) and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069): never part of a one-line value (name, title, id, search). A name holding them
 * breaks a mail's or a list's line, or shows its text reversed ('exe.pdf' as 'fdp.exe').
 */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;
/** The same, less tab, line feed and carriage return (and the Unicode line separators), which multi-line text (messages, descriptions) keeps. */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\u202A-\u202E\u2066-\u2069]/;
/** Only spaces and invisible characters (zero-width space, joiners, word joiner, BOM, soft hyphen). */
const INVISIBLE_ONLY = /^[\s\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]*$/;

/** Whether `value` holds a control character not allowed in one-line (or, with `multiline`, multi-line) text. */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROL : SINGLE_LINE_CONTROL).test(value);
}

/** Whether `value` is empty once spaces and invisible characters are ignored. */
export function isBlankText(value: string): boolean {
  return INVISIBLE_ONLY.test(value);
}

/**
 * The first place in a request's decoded value (query, body) whose text holds a control character
 * that no field accepts (anything of C0 but tab, line feed and carriage return), as a dotted path
 * (`''` for the value itself); null when there is none. Keys are checked as well as values.
 */
export function findControlCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return hasControlCharacter(value, true) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacter(key, true)) return [...path, key].join('.');
    const found = findControlCharacter(item, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Options of the text fields. */
export interface TextOptions {
  /** Keep line breaks and tabs (messages, addresses, descriptions). */
  multiline?: boolean;
}

/**
 * Any trimmed text: refuses control characters (one-line values refuse line breaks too; multi-line
 * ones keep tab, line feed and carriage return). The base of every free-text field.
 */
export function plainText(max: number, options: TextOptions = {}, tooLong = `Must be at most ${max} characters`) {
  return z
    .string()
    .trim()
    .refine((v) => !hasControlCharacter(v, options.multiline), { error: CONTROL_CHARACTER_MESSAGE })
    .max(max, { error: tooLong });
}

/** A required, trimmed text field with one message for "missing, empty or only invisible characters". */
export function requiredText(message: string, max = 500, options: TextOptions = {}) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => v.length === 0 || !isBlankText(v), { error: message })
    .refine((v) => !hasControlCharacter(v, options.multiline), { error: CONTROL_CHARACTER_MESSAGE })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** An optional trimmed text field; empty string allowed. */
export function optionalText(max = 2000, options: TextOptions = {}) {
  return plainText(max, options).optional();
}
