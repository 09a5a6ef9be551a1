import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DatabaseUnavailableError } from './database-monitor';
import { EmbeddedPostgresError } from './embedded-postgres';

/** Error codes of a database that cannot be reached or does not answer (node and SQLSTATE). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, recovering)
  '57014', // query_canceled: the statement timeout
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
]);

/** What node-postgres says when a connection is lost, times out or cannot be had from the pool. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable)/;

/**
 * TypeORM's errors for a statement of a transaction whose connection has gone: the pool drops a
 * connection the moment it errors (PostgreSQL killed or shut down mid-transaction), and the
 * transaction's next statement is refused with these instead of the connection's own error.
 */
const RELEASED_RUNNER_ERRORS = [QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError];

function causes(e: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let cur = e; cur && typeof cur === 'object' && chain.length < 5;) {
    chain.push(cur);
    const next = (cur as { driverError?: unknown; cause?: unknown }).driverError ?? (cur as { cause?: unknown }).cause;
    if (next === cur) break;
    cur = next;
  }
  return chain;
}

/** True when `e` says the database is down, unreachable or too slow, rather than the request wrong. */
export function isDatabaseUnavailable(e: unknown): boolean {
  return causes(e).some((c) => {
    if (c instanceof DatabaseUnavailableError) return true;
    if (RELEASED_RUNNER_ERRORS.some((type) => c instanceof type)) return true;
    const { code, message } = c as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    // AggregateError (a host with several addresses) carries the codes of its parts.
    const errors = (c as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
  });
}

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
