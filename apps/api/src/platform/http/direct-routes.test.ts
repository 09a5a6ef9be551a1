import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UnauthorizedException } from '@nestjs/common';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpExceptionFilter } from '../../common/http-exception.filter';
import type { MetricsService } from '../metrics/metrics.service';
import { directRoute, directRoutes } from './direct-routes';

const SESSION = '0123456789abcdef0123456789abcdef';
const PATH = `/api/quizzes/sessions/${SESSION}/answers/`;
const BODY = JSON.stringify({ answers: [{ question_id_slug: SESSION, answer: 'nand' }] });

const handled = vi.fn(async (_user: unknown, params: unknown, body: unknown) => ({ saved: 0, params, body }));
let server: Server;
let port: number;

beforeAll(async () => {
  const filter = new HttpExceptionFilter();
  const listener = directRoutes(
    [directRoute('quizSaveAnswers', (user, params, body) => handled(user, params, body))],
    {
      securityHeaders: (_req, _res, next) => next(),
      userOf: async (authorization) => {
        if (authorization !== 'Bearer good') throw new UnauthorizedException();
        return { id: '1', id_slug: 'u1', role: 'STUDENT' };
      },
      errorAnswer: (e) => filter.answer(e),
      metrics: { observe: () => undefined } as unknown as MetricsService,
      logger: pino({ level: 'silent' }),
      crossOrigin: true,
      bodyLimit: 1024,
    },
    (_req, res) => res.end('framework'),
  );
  server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends a request as written (headers exactly as given) and answers the body text. */
function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const plain = { authorization: 'Bearer good', 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(BODY)) };

describe('directRoutes', () => {
  it('answers the plain request itself: params from the path, the body parsed', async () => {
    handled.mockClear();
    const res = await send('PUT', PATH, plain, BODY);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ saved: 0, params: { sessionId: SESSION }, body: JSON.parse(BODY) });
    expect(handled).toHaveBeenCalledTimes(1);
    // The same without the trailing slash, and with the charset named.
    const bare = await send('PUT', PATH.slice(0, -1), { ...plain, 'content-type': 'application/json; charset=utf-8' }, BODY);
    expect(JSON.parse(bare.text).params).toEqual({ sessionId: SESSION });
  });

  it.each([
    ['a query string', 'PUT', `${PATH}?x=1`, plain, BODY],
    ['another method', 'POST', PATH, plain, BODY],
    ['another route', 'PUT', `/api/quizzes/sessions/${SESSION}/submit/`, plain, BODY],
    ['a cross-origin call', 'PUT', PATH, { ...plain, origin: 'https://elsewhere.example' }, BODY],
    ['a compressed body', 'PUT', PATH, { ...plain, 'content-encoding': 'gzip' }, BODY],
    ['a body that is not JSON', 'PUT', PATH, { ...plain, 'content-type': 'text/plain' }, BODY],
    ['another charset', 'PUT', PATH, { ...plain, 'content-type': 'application/json; charset=latin1' }, BODY],
    [
      'a body of unknown length',
      'PUT',
      PATH,
      { authorization: 'Bearer good', 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      BODY,
    ],
    ['a body over the limit', 'PUT', PATH, { ...plain, 'content-length': '2048' }, 'x'.repeat(2048)],
    ['a control character in the path', 'PUT', `/api/quizzes/sessions/${SESSION}%00/answers/`, plain, BODY],
  ])('leaves %s to the framework', async (_name, method, path, headers, body) => {
    handled.mockClear();
    const res = await send(method, path, headers as Record<string, string>, body);
    expect(res.text).toBe('framework');
    expect(handled).not.toHaveBeenCalled();
  });

  it('refuses a bad token, a body that is not JSON and a body the schema refuses itself, as the filter maps them', async () => {
    expect((await send('PUT', PATH, { ...plain, authorization: 'Bearer bad' }, BODY)).status).toBe(401);
    const notJson = await send('PUT', PATH, { ...plain, 'content-length': '1' }, '{');
    expect(notJson).toEqual({ status: 400, text: JSON.stringify({ message: 'Request body is not valid JSON' }) });
    const unknown = JSON.stringify({ answers: [], extra: 1 });
    const badBody = await send('PUT', PATH, { ...plain, 'content-length': String(unknown.length) }, unknown);
    expect(badBody.status).toBe(400);
    expect(JSON.parse(badBody.text).errors).toEqual(expect.objectContaining({ body: 'Unknown field: extra' }));
    expect(handled).not.toHaveBeenCalled();
  });
});
