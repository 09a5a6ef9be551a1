import type { z } from 'zod';

/** Issue messages of a failed parse, grouped by first path segment ('' for the root). */
export function messagesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
