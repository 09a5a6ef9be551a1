import { isApiError } from '@school/contracts';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * A failed settings call is only logged (spec section 8); field messages the server sends with a
 * 400 (a wrong current password, an email in use) still show beside their fields.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  what: string,
) {
  console.error(`${what} failed`, error);
  if (!isApiError(error) || !error.errors) return;
  for (const f of fields) if (error.errors[f]) setError(f, { message: error.errors[f] });
}
