import {
  bulkRefusedMessage,
  CohortSeatsResponseSchema,
  EXTEND_LATER_MESSAGE,
  illegalTransitionMessage,
  NO_SEATS_FOR_INTAKE_MESSAGE,
  noFreeSeatsMessage,
  OFFER_NOT_OPEN_MESSAGE,
  OfferCohortsResponseSchema,
  SELECTION_MESSAGE,
  WRONG_TRACK_MESSAGE,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { DecisionsService } from '../../src/modules/admissions/decisions.service';

/**
 * Bulk work at the size of an intake (pages up to 100, every application matching a filter acted
 * on in one transaction, a refusal naming each application and why) and offers that respect seats
 * and tracks (seats per cohort per intake, offers of the applicant's track only, none beyond the
 * free seats, promotion within the track), the offer's accept-by as the applicant reads it, and
 * its extension by an admin.
 */
const WEB_ORIGIN = 'http://site.example.test';
const INTAKE = 'youth-programme-2027';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR' });
  courseId = (await makeCourse(t, admin, { title: 'Seats and bulk course' })).id_slug;
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({ criteria: [{ id: 'motivation', title: 'Motivation', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
    .expect(200);
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const inbox = (to: string): Promise<{ subject: string; text: string }[]> =>
  t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);
/** The private-link token of the latest message whose subject contains `subject`. */
const linkIn = (to: string, subject: string) =>
  until(`"${subject}" to ${to}`, async () => {
    const m = (await inbox(to)).filter((x) => x.subject.includes(subject)).at(-1);
    return m && { token: /\/applications\/[0-9a-f]+\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1], text: m.text };
  });

let seq = 0;
async function apply(tag: string, overrides: Record<string, unknown> = {}) {
  const email = `${tag}-${++seq}-${Date.now()}@apply.test`;
  await t.http
    .post('/api/sheet/submit-form/')
    .send(validApplication({ ...overrides, email }))
    .expect(201);
  const [row] = await t.ds.query(`SELECT id::text, id_slug FROM programme_applications WHERE email = $1`, [email]);
  return {
    email,
    id_slug: row.id_slug as string,
    id: row.id as string,
    full_name: (overrides.full_name as string) ?? 'Farah binti Hassan',
  };
}
const screen = (id: string) =>
  t.http.post(`/api/admissions/admin/applications/${id}/screening`).set(bearer(admin)).send({ eligible: true, reason: '' }).expect(200);
/** Screened, assigned and (when given) scored: ready for a decision. */
async function inReview(tag: string, overrides: Record<string, unknown> = {}, motivation?: number) {
  const a = await apply(tag, overrides);
  await screen(a.id_slug);
  await t.http
    .post('/api/admissions/admin/assignments')
    .set(bearer(admin))
    .send({ application_ids: [a.id_slug], reviewer_ids: [reviewer.id_slug] })
    .expect(200);
  // The reviewer declares no conflict of interest before their review opens.
  await t.http
    .post(`/api/admissions/review/applications/${a.id_slug}/declaration`)
    .set(bearer(reviewer))
    .send({ conflict: false })
    .expect(200);
  if (motivation)
    await t.http
      .put(`/api/admissions/review/applications/${a.id_slug}/score`)
      .set(bearer(reviewer))
      .send({ scores: { motivation }, comment: '' })
      .expect(200);
  return a;
}
const decide = (body: Record<string, unknown>) =>
  t.http
    .post('/api/admissions/admin/decisions')
    .set(bearer(admin))
    .send({ reason: 'Panel decision', ...body });
const status = async (id: string) => (await t.ds.query(`SELECT status FROM programme_applications WHERE id_slug = $1`, [id]))[0].status;
const setSeats = (cohort: string, track: string, seats: number) =>
  t.http.put(`/api/admissions/admin/intakes/${INTAKE}/seats/${cohort}`).set(bearer(admin)).send({ track, seats });
let cohorts = 0;
async function cohortWithSeats(track: string, seats: number) {
  const c = await makeCohort(t, admin, { title: `Seats Cohort ${++cohorts} ${Date.now()}`, course_ids: [courseId], start: 30, end: 150 });
  await setSeats(c.id_slug, track, seats).expect(200);
  const [{ title }] = await t.ds.query(`SELECT title FROM cohorts WHERE id_slug = $1`, [c.id_slug]);
  return { ...c, title: title as string };
}

describe('bulk work at the size of an intake', () => {
  it('pages hold up to 100 applications; 101 is refused with the field named', async () => {
    const tag = `page${Date.now()}`;
    for (let i = 0; i < 3; i++) await apply(tag);
    const big = await t.http
      .get('/api/admissions/admin/applications')
      .query({ search_query: tag, page_size: 100 })
      .set(bearer(admin))
      .expect(200);
    expect(big.body.count).toBe(3);
    expect(big.body.data).toHaveLength(3);
    const tooBig = await t.http.get('/api/admissions/admin/applications').query({ page_size: 101 }).set(bearer(admin)).expect(400);
    expect(Object.keys(tooBig.body.errors)).toContain('page_size');
  });

  it('a decision on every application matching the filter moves all of them across pages, in one call', { timeout: 180_000 }, async () => {
    const tag = `all${Date.now()}`;
    const apps = [];
    for (let i = 0; i < 7; i++) apps.push(await apply(tag));
    for (const a of apps) await screen(a.id_slug);
    const firstPage = await t.http
      .get('/api/admissions/admin/applications')
      .query({ search_query: tag, status: 'SCREENED', page_size: 3 })
      .set(bearer(admin))
      .expect(200);
    expect(firstPage.body).toMatchObject({ count: 7, num_pages: 3 });
    const res = await decide({ matching: { search_query: tag, status: 'SCREENED' }, decision: 'REJECT' }).expect(200);
    expect(res.body.data.decided).toBe(7);
    for (const a of apps) expect(await status(a.id_slug)).toBe('REJECTED');
    const timeline = await t.http.get(`/api/admissions/admin/applications/${apps[6].id_slug}/timeline`).set(bearer(admin)).expect(200);
    expect(timeline.body.data.at(-1)).toMatchObject({ to_status: 'REJECTED', reason: 'Panel decision' });
  });

  it('a refused bulk decision names each application that cannot take it and why, and changes nothing', { timeout: 180_000 }, async () => {
    const tag = `refused${Date.now()}`;
    const ready = [await apply(tag), await apply(tag), await apply(tag)];
    for (const a of ready) await screen(a.id_slug);
    const late = await apply(tag, { full_name: 'Nurul Aina binti Kamal' });
    const res = await decide({ matching: { search_query: tag }, decision: 'REJECT' }).expect(409);
    expect(res.body.message).toBe(bulkRefusedMessage(1, 4));
    expect(res.body.errors).toEqual({ [late.id_slug]: `Nurul Aina binti Kamal: ${illegalTransitionMessage('SUBMITTED', 'REJECTED')}` });
    for (const a of ready) expect(await status(a.id_slug)).toBe('SCREENED');
    // Listed ids are refused the same way.
    const listed = await decide({ application_ids: [ready[0].id_slug, late.id_slug], decision: 'REJECT' }).expect(409);
    expect(Object.keys(listed.body.errors)).toEqual([late.id_slug]);
    expect(await status(ready[0].id_slug)).toBe('SCREENED');
  });

  it('a bulk decision names its applications one way: ids or a filter, not both, not neither', async () => {
    const both = await decide({ application_ids: ['0123456789abcdef0123456789abcdef'], matching: {}, decision: 'REJECT' }).expect(400);
    expect(both.body.errors.application_ids).toBe(SELECTION_MESSAGE);
    const neither = await decide({ decision: 'REJECT' }).expect(400);
    expect(neither.body.errors.application_ids).toBe(SELECTION_MESSAGE);
    const none = await decide({ matching: { search_query: `nobody${Date.now()}` }, decision: 'REJECT' }).expect(400);
    expect(none.body.errors.matching).toBeTruthy();
  });
});

describe('offers that respect seats and courses', () => {
  it('an offer beyond the free seats is refused with the count; seats list what offers hold', { timeout: 180_000 }, async () => {
    const cohort = await cohortWithSeats('Digital Design', 2);
    const tag = `seat${Date.now()}`;
    const a = [await inReview(tag), await inReview(tag), await inReview(tag)];
    const offer = (ids: string[]) => decide({ application_ids: ids, decision: 'OFFER', cohort_id: cohort.id_slug, accept_by: isoIn(7) });
    const over = await offer(a.map((x) => x.id_slug)).expect(409);
    expect(over.body.message).toBe(noFreeSeatsMessage(cohort.title, 2, 3));
    for (const x of a) expect(await status(x.id_slug)).toBe('IN_REVIEW');
    await offer([a[0].id_slug, a[1].id_slug]).expect(200);
    const extra = await offer([a[2].id_slug]).expect(409);
    expect(extra.body.message).toBe(noFreeSeatsMessage(cohort.title, 0, 1));
    const seats = CohortSeatsResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/intakes/${INTAKE}/seats`).set(bearer(admin)).expect(200)).body,
    );
    expect(seats.data.find((s) => s.cohort_id_slug === cohort.id_slug)).toMatchObject({
      track: 'Digital Design',
      seats: 2,
      held: 2,
      free: 0,
    });
    // Seats cannot go below what offers hold; more seats let the third offer through.
    expect((await setSeats(cohort.id_slug, 'Digital Design', 1).expect(409)).body.errors.seats).toBeTruthy();
    await setSeats(cohort.id_slug, 'Digital Design', 3).expect(200);
    await offer([a[2].id_slug]).expect(200);
  });

  it(
    'an offer names a cohort of the applicant’s track with seats for the intake; the cohort list shows only those',
    { timeout: 180_000 },
    async () => {
      const digital = await cohortWithSeats('Digital Design', 5);
      const analog = await cohortWithSeats('Analog Design', 5);
      const bare = await makeCohort(t, admin, { title: `No seats ${Date.now()}`, course_ids: [courseId], start: 30, end: 150 });
      const tag = `track${Date.now()}`;
      const d = await inReview(tag);
      const an = await inReview(tag, { course: 'Analog Design', full_name: 'Lim Wei Jie' });
      const offer = (ids: string[], cohort: string) =>
        decide({ application_ids: ids, decision: 'OFFER', cohort_id: cohort, accept_by: isoIn(7) });
      const wrong = await offer([d.id_slug, an.id_slug], digital.id_slug).expect(409);
      expect(wrong.body.message).toBe(WRONG_TRACK_MESSAGE);
      expect(wrong.body.errors).toEqual({ [an.id_slug]: 'Lim Wei Jie applied for Analog Design' });
      expect((await offer([d.id_slug], bare.id_slug).expect(409)).body.message).toBe(NO_SEATS_FOR_INTAKE_MESSAGE);
      const list = OfferCohortsResponseSchema.parse(
        (
          await t.http
            .get('/api/admissions/admin/cohorts')
            .query({ intake: INTAKE, course: 'Analog Design' })
            .set(bearer(admin))
            .expect(200)
        ).body,
      );
      const slugs = list.data.map((c) => c.id_slug);
      expect(slugs).toContain(analog.id_slug);
      expect(slugs).not.toContain(digital.id_slug);
      expect(slugs).not.toContain(bare.id_slug);
      expect(list.data.find((c) => c.id_slug === analog.id_slug)).toMatchObject({ track: 'Analog Design', seats: 5, free: 5 });
      await offer([an.id_slug], analog.id_slug).expect(200);
      await offer([d.id_slug], digital.id_slug).expect(200);
    },
  );

  it('a freed seat goes to the best-ranked waitlisted applicant of the same track', { timeout: 240_000 }, async () => {
    const cohort = await cohortWithSeats('Packaging', 1);
    const tag = `promote${Date.now()}`;
    const holder = await inReview(tag, { course: 'Packaging' }, 3);
    // The best score overall, but of another track: not promoted into this cohort.
    const otherTrack = await inReview(tag, { course: 'Analog Design' }, 5);
    const worse = await inReview(tag, { course: 'Packaging' }, 2);
    const better = await inReview(tag, { course: 'Packaging' }, 4);
    await decide({ application_ids: [otherTrack.id_slug, worse.id_slug, better.id_slug], decision: 'WAITLIST' }).expect(200);
    await decide({ application_ids: [holder.id_slug], decision: 'OFFER', cohort_id: cohort.id_slug, accept_by: isoIn(7) }).expect(200);
    const link = await linkIn(holder.email, 'An offer of a place');
    await t.http.post(`/api/admissions/status/${holder.id_slug}/decline`).send({ token: link.token }).expect(200);
    const svc = t.app.get(DecisionsService);
    await svc.promoteNext(holder.id);
    await until('the promotion', async () => (await status(better.id_slug)) === 'OFFERED');
    expect(await status(otherTrack.id_slug)).toBe('WAITLISTED');
    expect(await status(worse.id_slug)).toBe('WAITLISTED');
  });
});

describe('the accept-by moment', () => {
  it(
    'the applicant reads it in Malaysia time, and the offer closes the moment it passes (page and API)',
    { timeout: 180_000 },
    async () => {
      const cohort = await cohortWithSeats('Digital Design', 3);
      const a = await inReview(`mytime${Date.now()}`);
      const acceptBy = isoIn(7);
      await decide({ application_ids: [a.id_slug], decision: 'OFFER', cohort_id: cohort.id_slug, accept_by: acceptBy }).expect(200);
      const link = await linkIn(a.email, 'An offer of a place');
      const res = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: link.token }).expect(200);
      const expected = new Date(acceptBy).toLocaleString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Asia/Kuala_Lumpur',
      });
      expect(res.body.data.offer).toMatchObject({ accept_by_text: `${expected} (Malaysia time)`, open: true });
      // The mail writes the same moment the same way.
      expect(link.text).toContain(`${expected} (Malaysia time)`);
      await t.ds.query(`UPDATE application_offers SET accept_by = now() - interval '1 second' WHERE application_id = $1`, [a.id]);
      const after = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: link.token }).expect(200);
      expect(after.body.data.status).toBe('OFFERED');
      expect(after.body.data.offer.open).toBe(false);
      const accept = await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: link.token }).expect(409);
      expect(accept.body.message).toBe(OFFER_NOT_OPEN_MESSAGE);
    },
  );

  it(
    'an admin extends an open offer: logged on the timeline, mailed, and the applicant may accept again',
    { timeout: 180_000 },
    async () => {
      const cohort = await cohortWithSeats('Digital Design', 3);
      const a = await inReview(`extend${Date.now()}`);
      await decide({ application_ids: [a.id_slug], decision: 'OFFER', cohort_id: cohort.id_slug, accept_by: isoIn(2) }).expect(200);
      // The accept-by passed before the expiry job ran: the admin gives more time.
      await t.ds.query(`UPDATE application_offers SET accept_by = now() - interval '1 minute' WHERE application_id = $1`, [a.id]);
      const extend = (body: Record<string, unknown>) =>
        t.http.post(`/api/admissions/admin/applications/${a.id_slug}/accept-by`).set(bearer(admin)).send(body);
      expect((await extend({ accept_by: isoIn(-1), reason: 'Asked for time' }).expect(400)).body.errors.accept_by).toBeTruthy();
      expect((await extend({ accept_by: isoIn(5) }).expect(400)).body.errors.reason).toBeTruthy();
      const newBy = isoIn(5);
      const res = await extend({ accept_by: newBy, reason: 'Family emergency' }).expect(200);
      expect(res.body.data.accept_by).toBe(new Date(newBy).toISOString());
      expect((await extend({ accept_by: isoIn(4), reason: 'Again' }).expect(400)).body.errors.accept_by).toBe(EXTEND_LATER_MESSAGE);
      const timeline = await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/timeline`).set(bearer(admin)).expect(200);
      const last = timeline.body.data.at(-1);
      expect(last).toMatchObject({ from_status: 'OFFERED', to_status: 'OFFERED', actor: { id_slug: admin.id_slug } });
      expect(last.reason).toMatch(/^Accept-by extended to .* \(Malaysia time\): Family emergency$/);
      const mail = await linkIn(a.email, 'More time to answer your offer');
      expect(mail.text).toContain('(Malaysia time)');
      await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: mail.token }).expect(200);
      // Only an open offer is extended.
      const closed = await extend({ accept_by: isoIn(6), reason: 'Too late' }).expect(409);
      expect(closed.body.message).toBe(OFFER_NOT_OPEN_MESSAGE);
    },
  );
});
