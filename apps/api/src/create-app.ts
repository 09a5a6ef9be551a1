import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import { type INestApplication, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { listRoutes, VISITOR_TOKEN_HEADER } from '@school/contracts';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { refuseControlCharacters } from './common/control-characters';
import { serverPathPattern } from './common/route.decorator';
import type { AppConfig } from './config/app-config';
import { serveDevApps } from './static/dev-apps';
import { serveApps } from './static/serve-apps';
import { OpenBadgesService } from './modules/certificates';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { quietFramework } from './platform/logging/framework-log';
import { createRootLogger } from './platform/logging/logging';
import { assignRequestId } from './platform/logging/request-id';
import { MetricsService } from './platform/metrics/metrics.service';

/**
 * Brotli quality for API answers, which are compressed afresh on every request: quality 1 costs a
 * quarter of compression's default 4 (0.18 ms against 0.7 ms of CPU for a 90 KB cohort view) for
 * about 8% more bytes. Files (the apps' assets, cached by browsers) keep the default.
 */
const API_BROTLI_QUALITY = 1;

/** Paths whose JSON bodies may exceed the default 100 kB limit, with their own limit: the route table's `bodyLimit`. */
const LARGE_BODY_ROUTES: [RegExp, string][] = listRoutes().flatMap((r) =>
  r.bodyLimit ? [[serverPathPattern(r.path), r.bodyLimit] as [RegExp, string]] : [],
);

type CspDirectives = Record<string, null | Iterable<string | ((req: IncomingMessage, res: ServerResponse) => string)>>;

/**
 * The Content-Security-Policy of every answer. The built apps need nothing inline. `pnpm dev`
 * (DEV_APPS) serves them through Vite, whose pages carry an inline script (React's hot-reload
 * preamble) and talk to Vite over a websocket on the page's own host, so development allows those.
 */
export function contentSecurityPolicy(config: AppConfig): CspDirectives {
  const dev = config.SERVE_APPS && config.DEV_APPS;
  const pageHost = (req: IncomingMessage) => String(req.headers.host ?? 'localhost').replace(/[^A-Za-z0-9.:[\]-]/g, '');
  // Signed file URLs redirect to the bucket when files are in S3 (STORAGE=s3 or migrated ones).
  const files = config.s3Origin ? [config.s3Origin] : [];
  return {
    'default-src': ["'self'"],
    ...(dev ? { 'script-src': ["'self'", "'unsafe-inline'"] } : {}),
    'img-src': ["'self'", 'data:', 'blob:', ...files],
    'media-src': ["'self'", 'blob:', ...files],
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': ["'self'", ...files],
    // No plugin content anywhere (PDFs open in frames or tabs): nothing may load through <object> or <embed>.
    'object-src': ["'none'"],
    'connect-src': [
      "'self'",
      ...config.corsOrigins,
      ...files,
      ...(dev ? [(req: IncomingMessage) => `ws://${pageHost(req)}`, (req: IncomingMessage) => `wss://${pageHost(req)}`] : []),
    ],
    'upgrade-insecure-requests': null,
  };
}

export interface CreateAppOptions {
  /** Where the log goes (tests read it); stdout by default. */
  logStream?: DestinationStream;
}

/** Builds the whole HTTP application; used by main.ts and by the API tests. */
export async function createApp(config: AppConfig, dataSource: DataSource, options: CreateAppOptions = {}): Promise<INestApplication> {
  const logger = createRootLogger(config, options.logStream);
  const errors = new HttpExceptionFilter();
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, dataSource, logger), {
    bodyParser: false,
    abortOnError: false,
    bufferLogs: true,
  });
  app.useLogger(quietFramework(app.get(PinoNestLogger)));
  // Before anything that may answer: every answer carries its request id, every request is measured.
  app.use(assignRequestId);
  app.use(app.get(MetricsService).middleware);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // API answers are not revalidated by the apps; hashing every body for an ETag costs CPU on large views.
  app.set('etag', false);
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  app.use(securityHeaders);
  app.use('/api', compression({ brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY } } }));
  app.use(compression({ filter: (req, res) => !req.originalUrl.startsWith('/api/') && compression.filter(req, res) }));
  // Only the refresh cookie is ever read, and it is scoped to /api/auth: no other request parses cookies.
  app.use('/api/auth', cookieParser());
  for (const [path, limit] of LARGE_BODY_ROUTES) app.use(path, express.json({ limit }));
  app.use('/api', express.json({ limit: '100kb' }));
  app.use('/api', express.urlencoded({ extended: false, limit: '100kb' }));
  // A body that is not JSON answers as the app's filter maps it (Nest's router would pass the parser's own message on).
  app.use('/api', (err: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if ((err as { type?: string })?.type !== 'entity.parse.failed') return next(err);
    const answer = errors.answer(err);
    res.status(answer.status).json(answer.body);
  });
  app.use('/api', refuseControlCharacters);
  if (config.corsOrigins.length) {
    app.enableCors({
      origin: config.corsOrigins,
      credentials: true,
      allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-With', VISITOR_TOKEN_HEADER],
      exposedHeaders: ['Retry-After'],
    });
  }
  app.setGlobalPrefix('api');
  // The key that signs the school's credentials, at the well-known address verifiers look for.
  const badges = app.get(OpenBadgesService);
  (app.getHttpAdapter().getInstance() as express.Express).get('/.well-known/jwks.json', (_req, res, next) => {
    badges.jwks().then((jwks) => res.json(jwks), next);
  });
  if (config.SERVE_APPS) {
    if (config.DEV_APPS) await serveDevApps(app, config);
    else serveApps(app, config);
  }
  // main.ts handles SIGTERM and SIGINT itself: it drains requests first, then closes the app.
  Logger.flush();
  return app;
}
