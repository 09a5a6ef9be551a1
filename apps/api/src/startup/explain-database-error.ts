import { isDatabaseUnavailable } from '../database/database-errors';
import { EmbeddedPostgresError } from './embedded-postgres';

function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}`;
  } catch {
    return 'the configured address';
  }
}

/**
 * A sentence a person can act on for an error met while connecting to the database at `url`
 * (never the URL's password). `source` names where the address came from.
 */
export function explainDatabaseError(e: unknown, url: string, source: string): string {
  if (e instanceof EmbeddedPostgresError) return e.message;
  const err = e as { code?: string; message?: string };
  const at = where(url);
  const database = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
    } catch {
      return 'the database';
    }
  })();
  switch (err.code) {
    case 'ECONNREFUSED':
      return `Nothing answers at ${at} (connection refused). Start the database, or check ${source}.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The database host of ${source} (${at}) is not known. Check ${source}.`;
    case '28P01':
    case '28000':
      return `The database at ${at} refused the user name or password. Check ${source}.`;
    case '3D000':
      return `The database "${database}" does not exist at ${at}. Create it, or fix the name in ${source}.`;
    case '57P03':
      return `The database at ${at} is starting up or shutting down. Try again in a moment.`;
  }
  if (isDatabaseUnavailable(e)) {
    return `The database at ${at} does not answer (${err.message ?? err.code}). Check that it is running and reachable, then try again.`;
  }
  return `The database at ${at} failed: ${err.message ?? String(e)}`;
}
