import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';

/** pnpm dev's API: the apps through Vite dev servers, as DEV_APPS=true serves them. */
let dev: TestApp;
let prod: TestApp;
let port: number;
beforeAll(async () => {
  dev = await createTestApp({ SERVE_APPS: 'true', DEV_APPS: 'true' });
  prod = await createTestApp();
  const server = dev.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  await dev?.close();
  await prod?.close();
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

/** Opens Vite's hot-reload websocket at `path` on the API's own port; answers Vite's first message. */
function hmrHello(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('0123456789abcdef').toString('base64'),
        'Sec-WebSocket-Protocol': 'vite-hmr',
      },
    });
    req.on('upgrade', (_res, socket, head: Buffer) => {
      const read = (frame: Buffer) => {
        // An unmasked text frame from the server: FIN+text, then a 7-bit length.
        resolve(frame.subarray(2, 2 + (frame[1] & 0x7f)).toString());
        socket.destroy();
      };
      if (head.length) read(head);
      else socket.once('data', read);
    });
    req.on('response', (res) => reject(new Error(`no websocket at ${path}: ${res.statusCode}`)));
    req.on('error', reject);
    req.setTimeout(10_000, () => reject(new Error(`no answer at ${path}`)));
    req.end();
  });
}

describe('pnpm dev (DEV_APPS)', () => {
  it("serves each app page with a policy that lets Vite's inline script and hot-reload websocket run", async () => {
    for (const [path, client] of [
      ['/', '/@vite/client'],
      ['/student', '/_learn/@vite/client'],
      ['/admin/courses', '/_admin/@vite/client'],
    ]) {
      const res = await dev.http.get(path).set('Host', `localhost:${port}`).expect(200);
      expect(res.text).toContain(`src="${client}"`);
      expect(res.text).toMatch(/<script type="module">[^<]+<\/script>/);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('connect-src')).toEqual(expect.arrayContaining(["'self'", `ws://localhost:${port}`, `wss://localhost:${port}`]));
    }
  }, 60_000);

  it("answers each app's hot-reload websocket on the API's own port, at the app's base", async () => {
    for (const base of ['/', '/_learn/', '/_admin/']) expect(JSON.parse(await hmrHello(base))).toEqual({ type: 'connected' });
  });

  it("keeps the built product's policy strict: no inline script, no websocket", async () => {
    const csp = directives((await prod.http.get('/api/health')).headers['content-security-policy']);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });
});
