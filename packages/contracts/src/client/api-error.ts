import { ApiErrorSchema } from '../common/common.schemas';
import { FormCollectionErrorSchema } from '../forms/forms.schemas';

/** A failed call: HTTP status plus the parsed `{ message, errors }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;
  /** The raw answer body (parsed JSON when possible, else text). */
  readonly body: unknown;

  constructor(status: number, message: string, errors?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** Build from a status and a body already read (JSON value or text). */
  static fromBody(status: number, body: unknown): ApiError {
    const parsed = ApiErrorSchema.safeParse(body);
    if (parsed.success) {
      return new ApiError(status, parsed.data.message, parsed.data.errors, body);
    }
    const formError = FormCollectionErrorSchema.safeParse(body);
    if (formError.success && formError.data.errors.length > 0) {
      return new ApiError(status, formError.data.errors.map((e) => e.message).join(', '), undefined, body);
    }
    return new ApiError(status, `Request failed with status code ${status}`, undefined, body);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
