import { Logger } from '@nestjs/common';
import {
  AdmissionDetailResponseSchema,
  ANONYMISED_MARKER,
  APPLICATION_LINK_INVALID_MESSAGE,
  ApplicantStatusResponseSchema,
  ERASURE_NOT_PENDING_MESSAGE,
  ERASURE_OFFER_OPEN_MESSAGE,
  ERASURE_PLACE_TAKEN_MESSAGE,
  ERASURE_REFUSE_REASON_MESSAGE,
  ERASURE_REQUESTED_MESSAGE,
  ErasureDecisionResponseSchema,
  ErasureRequestedResponseSchema,
  ErasureRequestsResponseSchema,
  RETENTION_MONTHS_MESSAGE,
  RetentionResponseSchema,
  TimelineResponseSchema,
} from '@school/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { validApplication } from '../fixtures/application.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { RetentionService } from '../../src/modules/admissions/retention.service';

/**
 * Records kept no longer than needed: unsuccessful applications anonymised by the daily job once
 * their intake's retention period has passed (time is moved by ageing the records), erasure asked
 * through the applicant's own link and confirmed or refused by an admin, and duplicates found
 * across intakes.
 */
const INTAKE = 'youth-programme-2027';
const OLD_INTAKE = 'youth-programme-2025';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let cohort: { id_slug: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1' });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, { title: 'Retention course' });
  cohort = await makeCohort(t, admin, { title: 'Retention Cohort 2027', course_ids: [course.id_slug], start: 30, end: 150 });
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/seats/${cohort.id_slug}`)
    .set(bearer(admin))
    .send({ track: 'Digital Design', seats: 100 })
    .expect(200);
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const inbox = (to: string): Promise<{ subject: string; text: string }[]> =>
  t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE lower(mail_to) = lower($1) ORDER BY received_at, id`, [to]);
const mailWith = (to: string, subject: string) =>
  until(`a message "${subject}" to ${to}`, async () => (await inbox(to)).find((m) => m.subject.includes(subject)));

const pdf = (size = 2000) => {
  const head = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
};

let seq = 0;
/** An application sent through the public form, with its private link (from the confirmation mail). */
async function apply(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  const email = (overrides.email as string | undefined) ?? `keep${n}-${Date.now()}@apply.test`;
  await t.http
    .post('/api/sheet/submit-form/')
    .send(validApplication({ full_name: `Retained Person${n}`, phone: `+60 14-800 ${String(1000 + n)}`, ...overrides, email }))
    .expect(201);
  const [row] = await t.ds.query(`SELECT id::text, id_slug FROM programme_applications WHERE email = $1`, [email]);
  return { email, id_slug: row.id_slug as string, id: row.id as string };
}
async function tokenOf(email: string) {
  const m = await mailWith(email, 'received');
  return /\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1];
}

const detail = async (id: string) =>
  AdmissionDetailResponseSchema.parse((await t.http.get(`/api/admissions/applications/${id}`).set(bearer(admin)).expect(200)).body).data;
const timeline = async (id: string) =>
  TimelineResponseSchema.parse((await t.http.get(`/api/admissions/admin/applications/${id}/timeline`).set(bearer(admin)).expect(200)).body)
    .data;
const screen = (id: string, eligible: boolean, reason = '') =>
  t.http.post(`/api/admissions/admin/applications/${id}/screening`).set(bearer(admin)).send({ eligible, reason }).expect(200);
const decide = (ids: string[], decision: string, extra: Record<string, unknown> = {}) =>
  t.http
    .post('/api/admissions/admin/decisions')
    .set(bearer(admin))
    .send({ application_ids: ids, decision, reason: 'Panel decision', ...extra });
/** Moves time: the application reached its present state `months` ago. */
const age = (id: string, months: number) =>
  t.ds.query(`UPDATE programme_applications SET status_changed_at = now() - make_interval(months => $2) WHERE id = $1`, [id, months]);
const row = async (id: string) =>
  (await t.ds.query(`SELECT full_name, email, phone, anonymised_at, status FROM programme_applications WHERE id = $1`, [id]))[0];
const runJob = () => t.app.get(RetentionService).anonymiseExpired();
const requestErasure = (id: string, token: string) => t.http.post(`/api/admissions/status/${id}/erasure`).send({ token });
const statusPage = async (id: string, token: string) =>
  ApplicantStatusResponseSchema.parse((await t.http.post(`/api/admissions/status/${id}`).send({ token }).expect(200)).body).data;

describe('retention periods', () => {
  it('default to 24 months, an admin sets them per intake (whole months from 1 to 120)', async () => {
    const got = RetentionResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/intakes/${OLD_INTAKE}/retention`).set(bearer(admin)).expect(200)).body,
    );
    expect(got.data).toEqual({ intake: OLD_INTAKE, months: 24, set: false, updated_at: null });
    for (const months of [0, 121, 2.5, '6'])
      expect(
        (await t.http.put(`/api/admissions/admin/intakes/${OLD_INTAKE}/retention`).set(bearer(admin)).send({ months }).expect(400)).body
          .errors,
      ).toEqual({ months: RETENTION_MONTHS_MESSAGE });
    const set = RetentionResponseSchema.parse(
      (await t.http.put(`/api/admissions/admin/intakes/${OLD_INTAKE}/retention`).set(bearer(admin)).send({ months: 36 }).expect(200)).body,
    );
    expect(set.data).toMatchObject({ intake: OLD_INTAKE, months: 36, set: true });
    await t.http.put('/api/admissions/admin/intakes/no-such-intake/retention').set(bearer(admin)).send({ months: 6 }).expect(404);
    await t.http.get(`/api/admissions/admin/intakes/${OLD_INTAKE}/retention`).set(bearer(reviewer)).expect(403);
  });
});

describe('the daily retention job', () => {
  it(
    "anonymises unsuccessful applications past their intake's period, documents included, keeping the figures",
    { timeout: 120_000 },
    async () => {
      const resume = (await t.http.post('/api/upload/file_upload/').attach('file', pdf(3000), 'cv.pdf').expect(201)).body.url as string;
      const notEligible = await apply({ resume });
      const link = await tokenOf(notEligible.email);
      const rejected = await apply();
      const withdrawn = await apply();
      const inProgress = await apply();
      const recent = await apply();
      await screen(notEligible.id_slug, false, 'Not a Malaysian citizen');
      await screen(rejected.id_slug, false, 'Degree not finished');
      await decide([rejected.id_slug], 'REJECT').expect(200);
      await decide([withdrawn.id_slug], 'WITHDRAW').expect(200);
      await screen(recent.id_slug, false, 'Too old');
      const [file] = await t.ds.query(
        `SELECT f.storage_key FROM stored_files f JOIN programme_applications a ON a.resume_file_id = f.id
        WHERE a.id = $1`,
        [notEligible.id],
      );
      expect(file).toBeTruthy();
      const before = await detail(notEligible.id_slug);
      await t.http.get(before.application.resume!).expect(200);

      // 23 months on: within the default period, nothing goes.
      for (const a of [notEligible, rejected, withdrawn, inProgress]) await age(a.id, 23);
      expect(await runJob()).toBe(0);
      expect((await row(notEligible.id)).anonymised_at).toBeNull();

      // 25 months on: past it. An application still in progress, and a recent one, stay.
      for (const a of [notEligible, rejected, withdrawn, inProgress]) await age(a.id, 25);
      const log = vi.spyOn(Logger.prototype, 'log');
      expect(await runJob()).toBe(3);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('anonymised 3 unsuccessful application(s)'));
      expect(await runJob()).toBe(0);
      expect((await row(inProgress.id)).anonymised_at).toBeNull();
      expect((await row(recent.id)).anonymised_at).toBeNull();

      const after = await detail(notEligible.id_slug);
      expect(after.anonymised_at).not.toBeNull();
      expect(after.application).toMatchObject({
        id_slug: notEligible.id_slug,
        created_date: before.application.created_date,
        course: 'Digital Design',
        full_name: ANONYMISED_MARKER,
        email: `${ANONYMISED_MARKER}:${notEligible.id_slug}`,
        phone: '',
        dobYear: '',
        dobMonth: '',
        dobDate: '',
        full_address: '',
        uni_name: '',
        employment_details: null,
        is_citizen: null,
        can_participate: null,
        resume: null,
        transcript: null,
        status: 'SCREENED',
      });
      expect(after.intake).toBe(INTAKE);
      expect(after.screening!.eligible).toBe(false);
      expect(after.screening!.notes).toBeNull();
      // The document is gone: its row and its bytes.
      expect(await t.ds.query(`SELECT 1 FROM stored_files WHERE storage_key = $1`, [file.storage_key])).toEqual([]);
      await t.http.get(before.application.resume!).expect(404);
      expect((await row(rejected.id)).status).toBe('REJECTED');
      expect((await row(withdrawn.id)).full_name).toBe(ANONYMISED_MARKER);
      expect((await timeline(rejected.id_slug)).at(-1)).toMatchObject({
        to_status: 'REJECTED',
        reason: 'Personal data erased: the retention period ended',
      });
      // The private link opens nothing now.
      const gone = await t.http.post(`/api/admissions/status/${notEligible.id_slug}`).send({ token: link }).expect(404);
      expect(gone.body.message).toBe(APPLICATION_LINK_INVALID_MESSAGE);
    },
  );

  it('goes by the period the admin set on the intake', { timeout: 90_000 }, async () => {
    const a = await apply();
    await decide([a.id_slug], 'WITHDRAW').expect(200);
    await age(a.id, 7);
    expect(await runJob()).toBe(0);
    await t.http.put(`/api/admissions/admin/intakes/${INTAKE}/retention`).set(bearer(admin)).send({ months: 6 }).expect(200);
    expect(await runJob()).toBe(1);
    expect((await row(a.id)).full_name).toBe(ANONYMISED_MARKER);
    await t.http.put(`/api/admissions/admin/intakes/${INTAKE}/retention`).set(bearer(admin)).send({ months: 24 }).expect(200);
  });
});

describe('erasure on request', () => {
  it(
    'is asked through the applicant’s own link only, refused with a reason or confirmed by an admin, mailed either way',
    {
      timeout: 120_000,
    },
    async () => {
      const a = await apply();
      const other = await apply();
      const token = await tokenOf(a.email);
      const otherToken = await tokenOf(other.email);

      // Another application's token, or none that exists, reaches nothing.
      expect((await requestErasure(a.id_slug, otherToken).expect(404)).body.message).toBe(APPLICATION_LINK_INVALID_MESSAGE);
      await requestErasure(a.id_slug, 'x'.repeat(43)).expect(404);
      await requestErasure(a.id_slug, '').expect(400);

      const asked = ErasureRequestedResponseSchema.parse((await requestErasure(a.id_slug, token).expect(200)).body);
      expect(asked.message).toBe(ERASURE_REQUESTED_MESSAGE);
      expect(asked.data.erasure).toMatchObject({ status: 'PENDING', decided_at: null, reason: '' });
      expect((await statusPage(other.id_slug, otherToken)).erasure).toBeNull();

      const pending = ErasureRequestsResponseSchema.parse(
        (await t.http.get('/api/admissions/admin/erasure-requests').query({ status: 'PENDING' }).set(bearer(admin)).expect(200)).body,
      ).data;
      expect(pending.find((r) => r.id_slug === a.id_slug)).toMatchObject({
        email: a.email,
        status: 'PENDING',
        application_status: 'SUBMITTED',
      });
      expect(pending.find((r) => r.id_slug === other.id_slug)).toBeUndefined();
      await t.http.get('/api/admissions/admin/erasure-requests').set(bearer(reviewer)).expect(403);

      // Refused with a reason: the applicant reads it on their page and in their mail.
      const blank = await t.http
        .post(`/api/admissions/admin/applications/${a.id_slug}/erasure/refuse`)
        .set(bearer(admin))
        .send({ reason: ' ' });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual({ reason: ERASURE_REFUSE_REASON_MESSAGE });
      const refused = ErasureDecisionResponseSchema.parse(
        (
          await t.http
            .post(`/api/admissions/admin/applications/${a.id_slug}/erasure/refuse`)
            .set(bearer(admin))
            .send({ reason: 'An open complaint about this intake needs the application.' })
            .expect(200)
        ).body,
      ).data;
      expect(refused).toMatchObject({ status: 'REFUSED', decided_by: { id_slug: admin.id_slug }, anonymised_at: null });
      expect((await mailWith(a.email, 'your erasure request')).text).toContain(
        'An open complaint about this intake needs the application.',
      );
      expect((await statusPage(a.id_slug, token)).erasure).toMatchObject({
        status: 'REFUSED',
        reason: expect.stringContaining('open complaint'),
      });
      await t.http.post(`/api/admissions/admin/applications/${a.id_slug}/erasure/confirm`).set(bearer(admin)).expect(409);

      // Asked again, then confirmed: the application in progress is withdrawn and anonymised at once, and logged.
      await requestErasure(a.id_slug, token).expect(200);
      const confirmed = ErasureDecisionResponseSchema.parse(
        (await t.http.post(`/api/admissions/admin/applications/${a.id_slug}/erasure/confirm`).set(bearer(admin)).expect(200)).body,
      ).data;
      expect(confirmed).toMatchObject({ status: 'CONFIRMED', application_status: 'WITHDRAWN', full_name: ANONYMISED_MARKER });
      expect(confirmed.anonymised_at).not.toBeNull();
      expect((await mailWith(a.email, 'your personal data is erased')).text).toContain('we have erased the personal data');
      expect((await row(a.id)).phone).toBe('');
      expect((await timeline(a.id_slug)).slice(-2)).toMatchObject([
        { from_status: 'SUBMITTED', to_status: 'WITHDRAWN', actor: { id_slug: admin.id_slug } },
        { to_status: 'WITHDRAWN', reason: 'Personal data erased at the applicant’s request', actor: { id_slug: admin.id_slug } },
      ]);
      const again = await t.http.post(`/api/admissions/admin/applications/${a.id_slug}/erasure/confirm`).set(bearer(admin)).expect(409);
      expect(again.body.message).toBe(ERASURE_NOT_PENDING_MESSAGE);
      await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token }).expect(404);
      // The other applicant's application is untouched.
      expect((await row(other.id)).anonymised_at).toBeNull();
    },
  );

  it('is explained, not taken, while an offer is open or a place taken', { timeout: 120_000 }, async () => {
    const a = await apply();
    await screen(a.id_slug, true);
    await t.http
      .post('/api/admissions/admin/assignments')
      .set(bearer(admin))
      .send({ application_ids: [a.id_slug], reviewer_ids: [reviewer.id_slug] })
      .expect(200);
    await decide([a.id_slug], 'OFFER', { cohort_id: cohort.id_slug, accept_by: isoIn(7) }).expect(200);
    const offerMail = await mailWith(a.email, 'An offer of a place');
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(offerMail.text)![1];
    const offered = await requestErasure(a.id_slug, token).expect(409);
    expect(offered.body.message).toBe(ERASURE_OFFER_OPEN_MESSAGE);
    await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token }).expect(200);
    const accepted = await requestErasure(a.id_slug, token).expect(409);
    expect(accepted.body.message).toBe(ERASURE_PLACE_TAKEN_MESSAGE);
    expect((await statusPage(a.id_slug, token)).erasure).toBeNull();
  });

  it('are listed a page at a time, counted in the same answer, pending ones oldest first', { timeout: 120_000 }, async () => {
    const asked: string[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await apply();
      await requestErasure(a.id_slug, await tokenOf(a.email)).expect(200);
      asked.push(a.id_slug);
    }
    const pageOf = async (page: number) =>
      ErasureRequestsResponseSchema.parse(
        (
          await t.http
            .get('/api/admissions/admin/erasure-requests')
            .query({ status: 'PENDING', page, page_size: 2 })
            .set(bearer(admin))
            .expect(200)
        ).body,
      );
    const first = await pageOf(1);
    expect(first.data).toHaveLength(2);
    expect(first.count).toBeGreaterThanOrEqual(3);
    expect(first.num_pages).toBe(Math.ceil(first.count / 2));
    const all = [...first.data];
    for (let p = 2; p <= first.num_pages; p++) all.push(...(await pageOf(p)).data);
    // Every request once, across the pages, in the order asked.
    expect(all).toHaveLength(first.count);
    expect(new Set(all.map((r) => r.id_slug)).size).toBe(first.count);
    expect(all.map((r) => r.id_slug).filter((id) => asked.includes(id))).toEqual(asked);
    await t.http.get('/api/admissions/admin/erasure-requests').query({ page_size: 0 }).set(bearer(admin)).expect(400);
  });
});

describe('duplicates across intakes', () => {
  it('flags the same person’s application to another intake, naming that intake, never merged', { timeout: 90_000 }, async () => {
    // The 2025 intake was open in July 2025: the applicant applied then.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-07-01T03:00:00Z'));
    const earlier = await apply({ full_name: 'Nur Returning', phone: '+60 19-555 0101', email: `returning-2025-${Date.now()}@apply.test` });
    vi.useRealTimers();
    const now = await apply({ full_name: 'Someone Else', phone: '019 555 0101', email: `returning-2027-${Date.now()}@apply.test` });
    const byName = await apply({ full_name: 'nur  returning', phone: '+60 11-000 0000' });
    expect((await t.ds.query(`SELECT intake FROM programme_applications WHERE id = $1`, [earlier.id]))[0].intake).toBe(OLD_INTAKE);

    const d = (await detail(now.id_slug)).screening!.duplicates;
    expect(d).toEqual([expect.objectContaining({ id_slug: earlier.id_slug, intake: OLD_INTAKE, matches: ['phone'] })]);
    const e = (await detail(earlier.id_slug)).screening!.duplicates;
    expect(e.map((x) => [x.id_slug, x.intake, x.matches])).toEqual([
      [now.id_slug, INTAKE, ['phone']],
      [byName.id_slug, INTAKE, ['name_and_birth_date']],
    ]);
    // Shown, not merged: each stays its own application.
    expect((await row(earlier.id)).email).not.toBe((await row(now.id)).email);
  });
});
