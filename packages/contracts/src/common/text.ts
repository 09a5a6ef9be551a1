import { z } from 'zod';

/** A required, trimmed text field with one message for "missing or empty". */
export function requiredText(message: string, max = 500) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** An optional trimmed text field; empty string allowed. */
export function optionalText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional();
}
