import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { BadRequestException } from '@nestjs/common';
import {
  type RouteDef,
  type RouteName,
  routes,
  CONTROL_CHARACTER_MESSAGE,
  findControlCharacter,
  hasControlCharacter,
} from '@school/contracts';
import type { Logger } from 'pino';
import type { AuthUser } from '../../common/auth.decorators';
import type { ErrorAnswer } from '../../common/http-exception.filter';
import { type BodyOf, type ParamsOf, serverPath, serverPathPattern } from '../../common/route.decorator';
import { ZodPipe } from '../../common/zod.pipe';
import { requestIdFrom, REQUEST_ID_HEADER } from '../logging/request-id';
import { redactUrl } from '../logging/redaction';
import type { MetricsService } from '../metrics/metrics.service';

/** A route of the contracts' table answered before the framework: what it does for a signed-in user. */
export interface DirectRoute {
  name: RouteName;
  handle(user: AuthUser, params: unknown, body: unknown): Promise<unknown>;
}

/** A direct route, its handler typed by the route table entry's params and body. */
export function directRoute<N extends RouteName>(
  name: N,
  handle: (user: AuthUser, params: ParamsOf<N>, body: BodyOf<N>) => Promise<unknown>,
): DirectRoute {
  return { name, handle: handle as DirectRoute['handle'] };
}

export interface DirectRoutesDeps {
  /** The app's security headers middleware (helmet), run as for every other answer. */
  securityHeaders: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
  /** The signed-in user of an Authorization header; throws 401 as the framework's guard does. */
  userOf(authorization: string | undefined): Promise<AuthUser>;
  /** The app's one mapping of errors to answers. */
  errorAnswer(exception: unknown): ErrorAnswer;
  metrics: MetricsService;
  logger: Logger;
  /** Origins allowed cross-origin calls: such a call goes through the framework (CORS headers). */
  crossOrigin: boolean;
  /** Largest body accepted (bytes): the API's JSON limit. */
  bodyLimit: number;
}

interface Compiled {
  def: RouteDef;
  pattern: RegExp;
  label: string;
  segments: string[];
  paramsPipe: ZodPipe<NonNullable<RouteDef['params']>> | null;
  bodyPipe: ZodPipe<NonNullable<RouteDef['body']>> | null;
  handle: DirectRoute['handle'];
}

const JSON_TYPE = /^application\/json\s*(;\s*charset=("?)utf-8\2\s*)?$/i;

/**
 * The hottest routes (the quiz autosave: every student of a timed quiz, every few seconds) are
 * answered straight from Node's request event, before Express and Nest: Nest's pipeline costs about
 * four times the route's own work. They are answered as the framework would answer them, step for
 * step and with its own parts: request id, metrics, the same security headers, the JSON body read
 * as express.json reads it, control characters refused, the access token checked by the same
 * strategy, params and body validated by the route table's schemas, errors mapped by the app's
 * filter, one log line as the request logger writes it. Whatever is unusual (a query string, a
 * cross-origin call, a body that is not plain JSON with a length) is left to the framework, which
 * serves the same route; an API test holds both answers equal.
 */
export function directRoutes(list: DirectRoute[], deps: DirectRoutesDeps, framework: RequestListener): RequestListener {
  const compiled: Compiled[] = list.map(({ name, handle }) => {
    const def = routes[name] as RouteDef;
    return {
      def,
      pattern: serverPathPattern(def.path),
      label: `/api/${serverPath(def.path)}`,
      segments: serverPath(def.path).split('/'),
      paramsPipe: def.params ? new ZodPipe(def.params) : null,
      bodyPipe: def.body ? new ZodPipe(def.body) : null,
      handle,
    };
  });

  const served = (req: IncomingMessage): Compiled | undefined => {
    const url = req.url ?? '';
    if (url.includes('?')) return undefined;
    const route = compiled.find((r) => r.def.method === req.method && r.pattern.test(url));
    if (!route) return undefined;
    const h = req.headers;
    if (deps.crossOrigin && h.origin !== undefined) return undefined;
    if (h['content-encoding'] !== undefined || h['transfer-encoding'] !== undefined) return undefined;
    if (!JSON_TYPE.test(h['content-type'] ?? '')) return undefined;
    const length = Number(h['content-length']);
    if (!Number.isInteger(length) || length < 0 || length > deps.bodyLimit) return undefined;
    try {
      if (hasControlCharacter(decodeURIComponent(url))) return undefined;
    } catch {
      return undefined;
    }
    return route;
  };

  return (req, res) => {
    const route = served(req);
    if (!route) return framework(req, res);
    const started = performance.now();
    const startedAt = Date.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    res.once('finish', () => {
      deps.metrics.observe(req.method ?? '', route.label, res.statusCode, started);
      const status = res.statusCode;
      const line = {
        request_id: requestId,
        req: { method: req.method, url: redactUrl(req.url ?? '') },
        res: { status },
        duration_ms: Date.now() - startedAt,
      };
      const msg = `${req.method} ${req.url} ${status}`;
      if (status >= 500) deps.logger.error(line, msg);
      else deps.logger.info(line, msg);
    });
    deps.securityHeaders(req, res, (err) => {
      if (err) return send(res, deps.errorAnswer(err));
      // Compression (which would not shrink so small an answer) still names its variant.
      res.setHeader('Vary', 'Accept-Encoding');
      readJson(req, (body, parseError) => {
        if (parseError) return send(res, deps.errorAnswer(parseError));
        answer(route, req, res, body).then(
          (data) => send(res, { status: route.def.successStatus ?? 200, body: data as ErrorAnswer['body'] }),
          (e: unknown) => send(res, deps.errorAnswer(e)),
        );
      });
    });
  };

  async function answer(route: Compiled, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<unknown> {
    const field = findControlCharacter(body);
    if (field !== null) {
      const name = field || 'body';
      throw new BadRequestException({ message: CONTROL_CHARACTER_MESSAGE, errors: { [name]: CONTROL_CHARACTER_MESSAGE } });
    }
    // As the framework's guard: what a signed-in user is answered is never stored.
    res.setHeader('Cache-Control', 'no-store');
    const user = await deps.userOf(req.headers.authorization);
    // The path's segments after /api/, against the table path's: each :param takes its segment, decoded.
    const values = (req.url ?? '').replace(/\/$/, '').split('/').slice(2);
    const params: Record<string, string> = {};
    route.segments.forEach((segment, i) => {
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(values[i]);
    });
    const p = route.paramsPipe ? route.paramsPipe.transform(params) : params;
    const b = route.bodyPipe ? route.bodyPipe.transform(body) : body;
    return route.handle(user, p, b);
  }
}

/** Reads the body (its length is declared and within the limit) and parses it as express.json does (strict: an object or an array). */
function readJson(req: IncomingMessage, done: (body: unknown, error?: unknown) => void) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.once('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.length === 0) return done({});
    const first = /^[ \t\n\r]*(.)/.exec(text)?.[1];
    if (first !== '{' && first !== '[') return done(undefined, { type: 'entity.parse.failed' });
    try {
      done(JSON.parse(text));
    } catch {
      done(undefined, { type: 'entity.parse.failed' });
    }
  });
}

function send(res: ServerResponse, answer: ErrorAnswer | { status: number; body: unknown }) {
  if (res.headersSent) return;
  if ('headers' in answer && answer.headers) for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  const text = JSON.stringify(answer.body);
  res.statusCode = answer.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
