import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { WRONG_SECRET_LIMIT } from '../../src/common/wrong-secret-limit';

/**
 * The endpoints that check a secret sent by anyone (the applicant's private link and its accept,
 * unsubscribe, the invitation look-up, the email confirmation) count the wrong secrets of each
 * client address together, like the other token endpoints: guessing is refused after a few, while
 * the right secret costs nothing.
 */
const WEB_ORIGIN = 'http://site.example.test';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN, MAIL_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

const guess = (i: number) => `${'g'.repeat(40)}${String(i).padStart(3, '0')}`;

describe('wrong secrets, counted per client address', () => {
  it('an applicant opens their own link as often as they like; guesses across endpoints are refused after the limit', async () => {
    const email = `private-${Date.now()}@apply.test`;
    await t.http.post('/api/sheet/submit-form/').send(validApplication({ email })).expect(201);
    const [app] = await t.ds.query(`SELECT id_slug FROM programme_applications WHERE email = $1`, [email]);
    const token = await (async () => {
      const end = Date.now() + 30_000;
      for (;;) {
        const [m] = await t.ds.query(`SELECT text FROM dev_mailbox_messages WHERE mail_to = $1`, [email]);
        const found = m && /\/applications\/[0-9a-f]+\?token=([A-Za-z0-9_-]+)/.exec(m.text);
        if (found) return found[1];
        if (Date.now() > end) throw new Error('no confirmation mail');
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const status = (tok: string) => t.http.post(`/api/admissions/status/${app.id_slug}`).send({ token: tok });
    // The right token, more often than the limit: never counted.
    for (let i = 0; i < WRONG_SECRET_LIMIT.points + 5; i++) await status(token).expect(200);

    // Wrong secrets spread over every secret-checking endpoint count together.
    const attempts = [
      (i: number) => status(guess(i)).expect(404),
      (i: number) =>
        t.http
          .post(`/api/admissions/status/${app.id_slug}/accept`)
          .send({ token: guess(i) })
          .expect(404),
      (i: number) =>
        t.http
          .post('/api/auth/invitation/')
          .send({ token: guess(i) })
          .expect(400),
      (i: number) =>
        t.http
          .post(`/api/notifications/unsubscribe/?token=${guess(i)}`)
          .send({})
          .expect(400),
      (i: number) =>
        t.http
          .post('/api/auth/verify-email/')
          .send({ token: guess(i) })
          .expect(400),
    ];
    for (let i = 0; i < WRONG_SECRET_LIMIT.points; i++) await attempts[i % attempts.length](i);
    const refused = await t.http
      .post('/api/auth/invitation/')
      .send({ token: guess(999) })
      .expect(429);
    expect(refused.body.message).toMatch(/^Too many invalid links from your network\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Once refused, the address is refused on every such endpoint, the right secret included.
    await status(token).expect(429);
  });

  it('the invitation look-up is never stored by a browser or a proxy', async () => {
    const other = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
    try {
      const res = await other.http.post('/api/auth/invitation/').send({ token: guess(1) });
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      await other.close();
    }
  });
});
