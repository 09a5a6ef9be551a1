import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { isDatabaseUnavailable } from '../database/database-errors';
import { DISK_FULL_MESSAGE, isDiskFull } from './disk-full';

/** Answer while the database cannot be reached or does not answer in time. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not available right now. Please try again in a few seconds.';
/** Seconds a client should wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** Seconds a client should wait before trying again after a full disk refused its write. */
export const DISK_FULL_RETRY_AFTER_SECONDS = 60;
/** One log line per this many ms while the database is unavailable, not a stack per request. */
const UNAVAILABLE_LOG_INTERVAL_MS = 10_000;

const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '22P02': [HttpStatus.BAD_REQUEST, 'Invalid value in request'],
  '22007': [HttpStatus.BAD_REQUEST, 'Invalid date in request'],
  '22008': [HttpStatus.BAD_REQUEST, 'Invalid date in request'],
  '23505': [HttpStatus.CONFLICT, 'This record already exists'],
  '23503': [HttpStatus.BAD_REQUEST, 'A referenced record does not exist'],
  '23514': [HttpStatus.BAD_REQUEST, 'A value is out of range'],
};

/** An error's answer: status, body and any header to set. */
export interface ErrorAnswer {
  status: number;
  body: { message: string; errors?: unknown };
  headers?: Record<string, string>;
}

/**
 * Every error answers `{ message, errors? }`; nothing internal (stack, SQL) leaves the server. The
 * one mapping of errors to answers: the filter below, and the body parsers' errors in create-app.ts.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');
  private lastUnavailableLog = 0;
  private lastDiskFullLog = 0;

  catch(exception: unknown, host: ArgumentsHost) {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const answer = this.answer(exception);
    // A route's own headers (a CSV's type, a download's file name) are set before its handler runs:
    // an error answer is JSON shown in place, whatever the route would have sent.
    res.removeHeader('Content-Disposition');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    if (answer.headers) for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    return res.status(answer.status).json(answer.body);
  }

  answer(exception: unknown): ErrorAnswer {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (typeof body === 'string') return { status, body: { message: body } };
      const { message, errors } = body as { message?: unknown; errors?: unknown };
      const text = Array.isArray(message) ? message.join(', ') : String(message ?? exception.message);
      return { status, body: errors ? { message: text, errors } : { message: text } };
    }
    const code = (exception as { code?: string })?.code;
    const mapped = code ? PG_CLIENT_ERRORS[code] : undefined;
    if (mapped) return { status: mapped[0], body: { message: mapped[1] } };
    // A full disk is the operator's to fix, not the request's fault nor a database outage: 507, named.
    if (isDiskFull(exception)) {
      if (Date.now() - this.lastDiskFullLog > UNAVAILABLE_LOG_INTERVAL_MS) {
        this.lastDiskFullLog = Date.now();
        this.logger.error(`Disk full: ${(exception as Error).message}`);
      }
      return {
        status: HttpStatus.INSUFFICIENT_STORAGE,
        body: { message: DISK_FULL_MESSAGE },
        headers: { 'Retry-After': String(DISK_FULL_RETRY_AFTER_SECONDS) },
      };
    }
    const type = (exception as { type?: string })?.type;
    if (type === 'entity.too.large') return { status: 413, body: { message: 'Request body is too large' } };
    if (type === 'entity.parse.failed') return { status: 400, body: { message: 'Request body is not valid JSON' } };
    if (isDatabaseUnavailable(exception)) {
      if (Date.now() - this.lastUnavailableLog > UNAVAILABLE_LOG_INTERVAL_MS) {
        this.lastUnavailableLog = Date.now();
        this.logger.warn(`Database unavailable: ${(exception as Error).message}`);
      }
      return {
        status: HttpStatus.SERVICE_UNAVAILABLE,
        body: { message: DATABASE_UNAVAILABLE_MESSAGE },
        headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: 500, body: { message: 'Internal server error' } };
  }
}
