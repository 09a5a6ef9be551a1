import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import request from 'supertest';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config/app-config';
import { serveApps } from '../../src/static/serve-apps';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Source maps are not published: the apps' production builds make none, and none is served. */
describe('source maps of the apps', () => {
  it.each(['web', 'learn', 'admin'])('the %s app builds without source maps for production', async (name) => {
    const root = join(repoRoot, 'apps', name);
    const config = await resolveConfig({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build', 'production');
    expect(config.build.sourcemap).toBe(false);
  });

  let root: string;
  let app: express.Express;
  beforeAll(() => {
    // Built apps with a map left beside each bundle, as an older build would have.
    root = mkdtempSync(join(tmpdir(), 'serve-apps-test-'));
    for (const [name, page] of [
      ['web', 'index.html'],
      ['learn', 'index.html'],
      ['admin', 'index.html'],
    ]) {
      const dist = join(root, 'apps', name, 'dist');
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, page), `<!doctype html><title>${name}</title>`);
      writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
      writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["secret.tsx"]}');
    }
    app = express();
    serveApps(app as unknown as NestExpressApplication, { repoRoot: root } as unknown as AppConfig);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each([
    '/assets/index-abc123.js.map',
    '/_learn/assets/index-abc123.js.map',
    '/_admin/assets/index-abc123.js.map',
    '/_admin/assets/index-abc123.JS.MAP',
  ])('answers 404 for %s while its bundle is served', async (path) => {
    const bundle = path.replace(/\.map$/i, '').replace('.JS', '.js');
    expect((await request(app).get(bundle)).status).toBe(200);
    const res = await request(app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('secret.tsx');
  });
});

/** /verify/{credentialId} is not prerendered per credential: it is the prerendered /verify page, answered 200. */
describe('the verification page', () => {
  let root: string;
  let app: express.Express;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'serve-apps-verify-'));
    for (const name of ['web', 'learn', 'admin']) {
      const dist = join(root, 'apps', name, 'dist');
      mkdirSync(dist, { recursive: true });
      writeFileSync(join(dist, 'index.html'), `<!doctype html><title>${name}</title>`);
    }
    const web = join(root, 'apps', 'web', 'dist');
    writeFileSync(join(web, 'verify.html'), '<!doctype html><title>Verify a certificate</title>');
    writeFileSync(join(web, '404.html'), '<!doctype html><title>Not found</title>');
    app = express();
    serveApps(app as unknown as NestExpressApplication, { repoRoot: root } as unknown as AppConfig);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serves /verify/{id} as the verification page with 200', async () => {
    for (const path of ['/verify/3f9c0a7e5b2d4c18a6e1f0b9d7c4e2a1', '/verify/abc/']) {
      const res = await request(app).get(path);
      expect(res.status).toBe(200);
      expect(res.text).toContain('Verify a certificate');
    }
    const deeper = await request(app).get('/verify/abc/def');
    expect(deeper.status).toBe(404);
  });
});
