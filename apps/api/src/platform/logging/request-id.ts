import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is a short token of safe characters (no spaces, quotes or control characters). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's X-Request-Id when it is a short safe token, otherwise a fresh UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * First middleware of the app: every request gets its id (`req.id`, which the request logger
 * uses) and every answer, errors included, carries it in X-Request-Id.
 */
export function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse, next: () => void): void {
  const id = requestIdFrom(req.headers['x-request-id']);
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}
