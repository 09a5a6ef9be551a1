import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { DatabaseUnavailableError } from './database-monitor';

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
