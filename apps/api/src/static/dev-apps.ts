import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_MOUNTS } from './serve-apps';

/**
 * pnpm dev: each app runs as a Vite dev server in middleware mode inside this process, so the
 * single origin keeps working with hot module replacement. The hot-reload websockets ride the
 * API's own HTTP server, each app's at its own base (/, /_admin/, /_learn/): no port of their
 * own, so any PORT works and two pnpm dev on different ports never collide.
 */
export async function serveDevApps(app: NestExpressApplication, config: AppConfig) {
  const { createServer } = await import('vite');
  const httpServer = app.getHttpServer() as Server;
  for (const mount of APP_MOUNTS) {
    const root = join(config.repoRoot, 'apps', mount.name);
    const vite = await createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, ws: { server: httpServer } },
    });
    httpServer.once('close', () => void vite.close());
    // Vite answers HTML outside its base with a 404 hint, so each server sees only its own paths.
    const ownsAsset = (path: string) => (mount.base !== '/' ? path.startsWith(mount.base) : !/^\/(api|_admin|_learn)\//.test(path));
    app.use((req: Request, res: Response, next: NextFunction) => (ownsAsset(req.path) ? vite.middlewares(req, res, next) : next()));
    app.use(async (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path.startsWith('/api/') || !mount.routes.test(req.path)) return next();
      try {
        const html = await readFile(join(root, 'index.html'), 'utf8');
        res
          .status(200)
          .type('html')
          .send(await vite.transformIndexHtml(req.originalUrl, html));
      } catch (e) {
        next(e);
      }
    });
  }
}
