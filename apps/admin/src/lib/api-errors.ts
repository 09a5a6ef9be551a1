import { isApiError } from '@school/contracts';

export const FAILED_MESSAGE = 'Uh oh... something went wrong. Please try again later.';

/** The API's own message for a refused change (400, 404, 409), or a general one. */
export function errorMessage(error: unknown): string {
  return isApiError(error) && error.status < 500 ? error.message : FAILED_MESSAGE;
}

/** The API's message for one field of the request, if it named one. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.errors?.[field] : undefined;
}
