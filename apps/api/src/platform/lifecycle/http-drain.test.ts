import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackRequests } from './http-drain';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

/** A server whose /slow answers after `ms`, others at once. */
async function slowServer(ms: number) {
  const server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow done'), ms);
    else res.end('quick');
  });
  servers.push(server);
  const drain = trackRequests(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, drain, port: (server.address() as AddressInfo).port };
}

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });

describe('trackRequests', () => {
  it('lets a request in flight finish while refusing new connections', async () => {
    const { server, drain, port } = await slowServer(400);
    const slow = get(port, '/slow');
    // Waits on the server having the request, not on a clock.
    await vi.waitFor(() => expect(drain.inFlight).toBe(1), { timeout: 30_000 });
    const drained = drain.drain(30_000);
    await vi.waitFor(() => expect(server.listening).toBe(false), { timeout: 30_000 });
    await expect(get(port, '/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await slow).toMatchObject({ status: 200, body: 'slow done', connection: 'close' });
    expect(await drained).toBe(true);
  });

  it('closes what is still running after the time limit', async () => {
    const { drain, port } = await slowServer(10_000);
    const slow = get(port, '/slow').catch((e: NodeJS.ErrnoException) => e.code);
    await vi.waitFor(() => expect(drain.inFlight).toBe(1), { timeout: 30_000 });
    const started = Date.now();
    expect(await drain.drain(300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await slow).toBe('ECONNRESET');
  });
});
