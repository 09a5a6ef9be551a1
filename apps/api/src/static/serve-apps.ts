import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { getInitiative } from '@school/catalogue/data';
import type { AppConfig } from '../config/app-config';

interface BuiltApp {
  name: string;
  dist: string;
  /** URL prefix of the app's hashed assets (its Vite `base`). */
  base: string;
  /** Client-side routes answered with the app's index.html. */
  routes: RegExp;
}

/**
 * Serves the three built apps at one origin beside /api: the admin console at /admin* and
 * /instructor*, the learner portal at /student* and /class/*, the public site everywhere else
 * (its pages are prerendered HTML files).
 */
/** The apps, most specific first; the public site takes every other path. */
export const APP_MOUNTS: { name: 'admin' | 'learn' | 'web'; base: string; routes: RegExp }[] = [
  { name: 'admin', base: '/_admin/', routes: /^\/(admin|instructor)(\/|$)/ },
  { name: 'learn', base: '/_learn/', routes: /^\/(student(\/|$)|class\/)/ },
  { name: 'web', base: '/', routes: /^\/(?!api\/)/ },
];

export function serveApps(app: NestExpressApplication, config: AppConfig) {
  const apps: BuiltApp[] = APP_MOUNTS.filter((m) => m.name !== 'web').map((m) => ({
    ...m,
    dist: join(config.repoRoot, 'apps', m.name, 'dist'),
  }));
  const web = join(config.repoRoot, 'apps/web/dist');
  const immutable = { immutable: true, maxAge: '1y', index: false } as const;
  const noCache = (res: Response) => res.setHeader('Cache-Control', 'no-cache');
  // Source maps stay off the public web: the apps' builds make none, and one left in a dist folder
  // (an older build) is not served either.
  app.use((req: Request, res: Response, next: NextFunction) =>
    /\.map$/i.test(req.path) && !req.path.startsWith('/api/') ? res.sendStatus(404) : next(),
  );

  for (const a of apps) {
    if (!existsSync(join(a.dist, 'index.html'))) {
      Logger.warn(`The ${a.name} app is not built (${a.dist}); run pnpm build`, 'Static');
      continue;
    }
    app.use(a.base, express.static(a.dist, immutable));
    app.use((req: Request, res: Response, next: NextFunction) => {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !a.routes.test(req.path)) return next();
      noCache(res);
      res.sendFile(join(a.dist, 'index.html'));
    });
  }
  if (!existsSync(join(web, 'index.html'))) {
    Logger.warn(`The public site is not built (${web}); run pnpm build`, 'Static');
    return;
  }
  app.use('/assets', express.static(join(web, 'assets'), immutable));
  // The spec's initiative link /applications/{frontend_slug} lives on as a permanent redirect to
  // the programme page (/applications/{id} is an applicant's own application).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const slug = /^\/applications\/([^/]+)\/?$/.exec(req.path)?.[1];
    const initiative = slug ? getInitiative(slug) : undefined;
    if (!initiative) return next();
    res.redirect(301, `/apply/${initiative.frontend_slug}`);
  });
  // /verify/{credentialId} is the prerendered /verify page (200), which looks the credential up.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^\/verify\/[^/]+\/?$/.test(req.path)) return next();
    if (!existsSync(join(web, 'verify.html'))) return next();
    noCache(res);
    res.sendFile('verify.html', { root: web });
  });
  // A page with pages below it (/courses beside /courses/course-0) is courses.html next to a
  // courses/ folder: serve the file instead of letting express.static redirect into the folder.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/' || req.path.startsWith('/api/')) return next();
    const page = `${req.path.replace(/\/+$/, '').slice(1)}.html`;
    if (page.includes('..') || !existsSync(join(web, page))) return next();
    noCache(res);
    res.sendFile(page, { root: web });
  });
  app.use(express.static(web, { extensions: ['html'], index: 'index.html', setHeaders: (res) => noCache(res) }));
  // Routes not prerendered (e.g. /applications/x) still get the site, which renders them or its 404 view.
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) return next();
    noCache(res);
    const fallback = existsSync(join(web, '404.html')) ? '404.html' : 'index.html';
    res.status(fallback === '404.html' ? 404 : 200).sendFile(join(web, fallback));
  });
}
