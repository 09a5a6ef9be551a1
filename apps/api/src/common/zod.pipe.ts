import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Turns zod issues into the API's error body: a summary message plus one message per field. */
export function zodErrorBody(error: z.ZodError): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    // An issue with no path (unknown keys, a body that is not an object) is the body's own.
    const field = issue.path.length ? issue.path.join('.') : 'body';
    const message =
      issue.code === 'unrecognized_keys' ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}` : issue.message;
    if (!(field in errors)) errors[field] = message;
  }
  const message = Object.values(errors)[0] ?? 'Invalid request';
  return { message, errors };
}

/** Validates (and normalises) a body, query or param with a contracts schema: `@Body(new ZodPipe(Schema))`. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new BadRequestException(zodErrorBody(result.error));
    return result.data;
  }
}
