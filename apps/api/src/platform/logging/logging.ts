import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/app-config';
import { REDACT_PATHS, REDACTED, redactEmails, redactUrl } from './redaction';

type Req = IncomingMessage & { originalUrl?: string };

/** Probes called every few seconds by load balancers and scrapers: answered, not logged. */
const QUIET_PATHS = new Set(['/api/health/live', '/api/health/ready', '/api/metrics']);

const pathOf = (req: Req) => {
  const url = req.originalUrl ?? req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** Errors carry their type, code, message and stack, never a driver's parameters or details (emails, hashes). */
function serializeError(err: unknown) {
  if (!(err instanceof Error)) return { message: redactEmails(String(err)) };
  return {
    type: err.constructor?.name ?? err.name,
    ...((err as { code?: unknown }).code !== undefined ? { code: (err as { code?: unknown }).code } : {}),
    message: redactEmails(err.message),
    stack: err.stack ? redactEmails(err.stack) : undefined,
  };
}

/**
 * The root pino logger: one JSON object a line (readable lines in development), every secret path
 * censored, email addresses removed from messages.
 */
export function createRootLogger(config: AppConfig, destination?: DestinationStream): Logger {
  const stream =
    destination ??
    (config.NODE_ENV === 'development'
      ? pretty({
          sync: true,
          translateTime: 'SYS:HH:MM:ss.l',
          singleLine: true,
          messageFormat: '{if context}[{context}] {end}{msg}',
          ignore: 'pid,hostname,context',
        })
      : pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: config.logLevel,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError },
      hooks: {
        // Messages are free text: an email in one is removed wherever it came from.
        logMethod(args, method) {
          for (let i = 0; i < args.length; i++) if (typeof args[i] === 'string') args[i] = redactEmails(args[i] as string);
          method.apply(this, args as Parameters<typeof method>);
        },
      },
    },
    stream,
  );
}

/**
 * nestjs-pino's settings: one line per request when its answer is sent, with the request id
 * (`request_id`, also on every line logged while the request runs), method, URL (redacted), status
 * and duration. No headers and no bodies are logged.
 */
export function loggingParams(logger: Logger): Params {
  return {
    pinoHttp: {
      logger,
      // assignRequestId has set req.id already; this only covers a request that bypassed it.
      genReqId: (req) => req.id ?? '',
      quietReqLogger: true,
      quietResLogger: false,
      wrapSerializers: false,
      customAttributeKeys: { reqId: 'request_id', responseTime: 'duration_ms' },
      serializers: {
        req: (req: Req) => ({ method: req.method, url: redactUrl(req.originalUrl ?? req.url ?? '') }),
        res: (res: ServerResponse) => ({ status: res.statusCode }),
        err: serializeError,
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
      customSuccessMessage: (req, res) => `${req.method} ${pathOf(req as Req)} ${res.statusCode}`,
      customErrorMessage: (req, res) => `${req.method} ${pathOf(req as Req)} ${res.statusCode}`,
      autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf(req as Req)) },
    },
  };
}
