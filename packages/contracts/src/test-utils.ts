import { z } from 'zod';

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

/** The JSON Schema of what a schema accepts and of what it returns (to show two schemas describe the same data). */
export function jsonSchemasOf(schema: z.ZodType): { input: unknown; output: unknown } {
  return {
    input: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }),
    output: z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }),
  };
}
