import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { zodErrorBody } from '../../common/zod.pipe';

/**
 * Validates a public form's body and answers failures in the form-collection contract the
 * pages read: `{ message, errors: [{ field, message }] }` (an array, one item per field).
 */
export class FormCollectionPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}
  transform(value: unknown): z.output<S> {
    // Multipart bodies arrive as null-prototype objects; copy so zod sees a plain object.
    const result = this.schema.safeParse({ ...((value as object | undefined) ?? {}) });
    if (result.success) return result.data;
    const { message, errors } = zodErrorBody(result.error);
    throw new BadRequestException({
      message,
      errors: Object.entries(errors).map(([field, text]) => ({ field, message: text })),
    });
  }
}
