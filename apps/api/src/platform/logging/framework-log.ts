import type { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up chatter: a line per module loaded and per route mapped (hundreds). Kept at debug level
 * (LOG_LEVEL=debug shows it), so the info log of a start is the school's own lines.
 */
export const FRAMEWORK_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader', 'NestFactory', 'NestApplication']);

/** Nest passes the context as the last string argument. */
const contextOf = (params: unknown[]) => {
  const last = params.at(-1);
  return typeof last === 'string' ? last : undefined;
};

/** Wraps the app's logger: the framework's info lines go out at debug, everything else unchanged. */
export function quietFramework(inner: LoggerService): LoggerService {
  return {
    log: (message: unknown, ...params: unknown[]) =>
      FRAMEWORK_CONTEXTS.has(contextOf(params) ?? '') ? inner.debug?.(message, ...params) : inner.log(message, ...params),
    error: (message: unknown, ...params: unknown[]) => inner.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => inner.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => inner.debug?.(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => inner.verbose?.(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => (inner.fatal ?? inner.error).call(inner, message, ...params),
  };
}

/** Nest's static Logger over the root pino logger, for what main.ts logs before the app (and its logger) exists. */
export function pinoLoggerService(root: {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  debug(obj: object, msg: string): void;
  trace(obj: object, msg: string): void;
  fatal(obj: object, msg: string): void;
}): LoggerService {
  const at =
    (level: 'info' | 'warn' | 'error' | 'debug' | 'trace' | 'fatal') =>
    (message: unknown, ...params: unknown[]) =>
      root[level]({ context: contextOf(params) }, String(message));
  return { log: at('info'), warn: at('warn'), error: at('error'), debug: at('debug'), verbose: at('trace'), fatal: at('fatal') };
}
