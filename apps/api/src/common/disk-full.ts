/** Answer while the disk that keeps the school's files or its database is full. */
export const DISK_FULL_MESSAGE = 'The server has run out of disk space, so this was not saved. Please try again later.';

/** Node's codes of a write refused for lack of space (no space left; disk quota exceeded). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
/** PostgreSQL's SQLSTATE disk_full (53100): it could not extend a table or write a temporary file. */
const PG_DISK_FULL = '53100';

/**
 * True when `e` (or an error it wraps: TypeORM's driverError, a stream's cause) is a write refused
 * because the disk is full, on the file storage or in PostgreSQL.
 */
export function isDiskFull(e: unknown): boolean {
  let cur = e;
  for (let depth = 0; cur && typeof cur === 'object' && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string' && (DISK_FULL_CODES.has(code) || code === PG_DISK_FULL)) return true;
    const next = (cur as { driverError?: unknown }).driverError ?? (cur as { cause?: unknown }).cause;
    if (next === cur) break;
    cur = next;
  }
  return false;
}
