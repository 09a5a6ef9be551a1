import { isApiError } from '@school/contracts';

/** Retry once after a network or server error; an answer such as 404 is final. */
export function retryServerErrors(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status < 500) return false;
  return failureCount < 1;
}
