import {
  AdmissionDetailResponseSchema,
  AdmissionListResponseSchema,
  BULK_SCREENING_REFUSED_MESSAGE,
  BulkScreeningResponseSchema,
  illegalTransitionMessage,
  NOT_ELIGIBLE_REASON_MESSAGE,
  REOPEN_SCREENING_REASON_MESSAGE,
  ResendStatusLinkResponseSchema,
  SCREENING_NOT_REOPENABLE_MESSAGE,
  SELECTION_MESSAGE,
  STATUS_LINK_SENT_MESSAGE,
  TimelineResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { validApplication } from '../fixtures/application.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { STATUS_LINK_LIMITS } from '../../src/modules/admissions/applicant-link.service';
import { DecisionsService } from '../../src/modules/admissions/decisions.service';
import { REVIEWER_MAIL_JOB, SCREEN_FIRST_MESSAGE } from '../../src/modules/admissions/screening.service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs-schema';

/**
 * Screening that checks and can be corrected: flags derived from the answers with the answer that
 * decided each, duplicates shown, a confirmed screening reopened with its reason, bulk screening of
 * a selection; and the mail an applicant or a reviewer gets at each of these moments.
 */
const WEB_ORIGIN = 'http://site.example.test';
const INTAKE = 'youth-programme-2027';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let cohort: { id_slug: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Aisyah', last_name: 'Karim' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, { title: 'Screening course' });
  cohort = await makeCohort(t, admin, { title: 'Screening Cohort 2027', course_ids: [course.id_slug], start: 30, end: 150 });
  // The offers of these tests are to this cohort, for the applications' track (Digital Design).
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/seats/${cohort.id_slug}`)
    .set(as(admin))
    .send({ track: 'Digital Design', seats: 100 })
    .expect(200);
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({ criteria: [{ id: 'fit', title: 'Fit', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
    .expect(200);
});
afterAll(async () => t?.close());

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

let seq = 0;
/** An application with its own email and phone (no duplicate unless the test makes one). */
async function apply(overrides: Record<string, unknown> = {}) {
  const n = ++seq;
  const email = (overrides.email as string | undefined) ?? `screen${n}-${Date.now()}@apply.test`;
  await t.http
    .post('/api/sheet/submit-form/')
    .send(validApplication({ full_name: `Applicant Number${n}`, phone: `+60 13-700 ${String(1000 + n)}`, ...overrides, email }))
    .expect(201);
  const [row] = await t.ds.query(`SELECT id::text, id_slug FROM programme_applications WHERE email = $1`, [email]);
  return { email, id_slug: row.id_slug as string, id: row.id as string };
}

const as = bearer;
const status = async (id: string) => (await t.ds.query(`SELECT status FROM programme_applications WHERE id_slug = $1`, [id]))[0].status;
const detail = async (id: string) =>
  AdmissionDetailResponseSchema.parse((await t.http.get(`/api/admissions/applications/${id}`).set(as(admin)).expect(200)).body).data;
const screen = (id: string, eligible = true, reason = '') =>
  t.http.post(`/api/admissions/admin/applications/${id}/screening`).set(as(admin)).send({ eligible, reason });
const reopen = (id: string, body: Record<string, unknown>) =>
  t.http.post(`/api/admissions/admin/applications/${id}/reopen-screening`).set(as(admin)).send(body);
const bulk = (ids: string[], eligible = true, reason = '') =>
  t.http.post('/api/admissions/admin/screening').set(as(admin)).send({ application_ids: ids, eligible, reason });
const decide = (ids: string[], decision: string, extra: Record<string, unknown> = {}) =>
  t.http
    .post('/api/admissions/admin/decisions')
    .set(as(admin))
    .send({ application_ids: ids, decision, reason: 'Panel decision', ...extra });
const timeline = async (id: string) =>
  TimelineResponseSchema.parse((await t.http.get(`/api/admissions/admin/applications/${id}/timeline`).set(as(admin)).expect(200)).body)
    .data;
const list = async (query: Record<string, string>) =>
  AdmissionListResponseSchema.parse(
    (
      await t.http
        .get('/api/admissions/admin/applications')
        .query({ intake: INTAKE, page_size: 100, ...query })
        .set(as(admin))
        .expect(200)
    ).body,
  );

describe('screening flags', () => {
  it('takes the age from the date of birth, flags an age picked that contradicts it, and names the deciding answers', async () => {
    // Picked 25, born in 1990: the age picked used to make this 'Met'.
    const a = await apply({ age: '25', dobYear: '1990 or earlier', dobMonth: 'June', dobDate: '5', prev_employment: 'None' });
    const s = (await detail(a.id_slug)).screening!;
    expect(s.flags).toMatchObject({ age_30_or_below: false, diploma_or_degree: true, unemployed: true });
    expect(s.notes!.basis).toMatchObject({
      age_30_or_below: 'Born in 1990 or earlier: at least 36 on 1 March 2027',
      diploma_or_degree: 'Degree, graduation year 2024',
      unemployed: 'Previous employment: None',
      malaysian_citizen: 'Malaysian citizen: Yes',
    });

    const b = await apply({ age: '22', dobYear: '2001', dobMonth: 'March', dobDate: '14' });
    const row = (await list({ search_query: b.email })).data[0];
    expect(row.eligibility).toMatchObject({ age_30_or_below: true });
    expect(row.warnings).toEqual([expect.stringContaining('The age picked (22) does not match the date of birth (14 March 2001')]);
    // A warning counts as flagged in the pipeline's filter.
    expect((await list({ eligibility: 'flagged' })).data.map((r) => r.id_slug)).toEqual(expect.arrayContaining([a.id_slug, b.id_slug]));
  });

  it('derives the qualification from the graduation year and unemployment from the employment answers', async () => {
    const a = await apply({
      grad_year: '2026 or later',
      prev_employment: 'Full-time',
      employment_details: 'Test technician since 2023, currently there.',
    });
    const s = (await detail(a.id_slug)).screening!;
    expect(s.flags).toMatchObject({ diploma_or_degree: null, unemployed: false });
    expect(s.notes!.basis.diploma_or_degree).toBe('Degree, graduation year 2026 or later: may be after the programme starts');
    expect(s.notes!.basis.unemployed).toBe('Previous employment: Full-time, details: “Test technician since 2023, currently there.”');
    const b = await apply({ prev_employment: 'Part-time', employment_details: 'Weekend tutor in 2023.' });
    const sb = (await detail(b.id_slug)).screening!;
    expect(sb.flags!.unemployed).toBeNull();
    expect(sb.notes!.basis.unemployed).toBe('Previous employment: Part-time: whether it goes on is not asked');
  });
});

describe('duplicates', () => {
  it('flags the same person under another email (same phone, or same name and date of birth), never merged', async () => {
    const first = await apply({ full_name: 'Siti Duplicate', phone: '+60 19-888 1234' });
    const samePhone = await apply({ full_name: 'Siti D.', phone: '019-888 1234' });
    const sameNameDob = await apply({ full_name: '  siti   duplicate ', phone: '+60 17-000 0001' });
    const stranger = await apply({ full_name: 'Siti Duplicate', dobYear: '1999', phone: '+60 17-000 0002' });

    const d = (await detail(first.id_slug)).screening!.duplicates;
    expect(d).toEqual([
      { id_slug: samePhone.id_slug, intake: INTAKE, full_name: 'Siti D.', email: samePhone.email, status: 'SUBMITTED', matches: ['phone'] },
      {
        id_slug: sameNameDob.id_slug,
        intake: INTAKE,
        full_name: 'siti   duplicate',
        email: sameNameDob.email,
        status: 'SUBMITTED',
        matches: ['name_and_birth_date'],
      },
    ]);
    expect((await detail(stranger.id_slug)).screening!.duplicates).toEqual([]);
    const dup = await list({ eligibility: 'duplicate' });
    const ids = dup.data.map((r) => r.id_slug);
    expect(ids).toEqual(expect.arrayContaining([first.id_slug, samePhone.id_slug, sameNameDob.id_slug]));
    expect(ids).not.toContain(stranger.id_slug);
    expect(dup.data.find((r) => r.id_slug === first.id_slug)!.duplicates).toBe(2);
    // Each stays its own application.
    expect(await status(samePhone.id_slug)).toBe('SUBMITTED');
  });
});

describe('reopening a screening', () => {
  it("reverses a 'Not eligible' screening with the reason, logged, before and after the rejection", async () => {
    const a = await apply({ is_citizen: 'false' });
    await screen(a.id_slug, false, 'Not a Malaysian citizen').expect(200);
    const noReason = await reopen(a.id_slug, { reason: '  ' }).expect(400);
    expect(noReason.body.errors.reason).toBe(REOPEN_SCREENING_REASON_MESSAGE);
    await reopen(a.id_slug, { reason: 'Applicant sent proof of citizenship' }).expect(200);
    expect(await status(a.id_slug)).toBe('SUBMITTED');
    const s = (await detail(a.id_slug)).screening!;
    expect(s).toMatchObject({ eligible: null, reason: '' });
    const tl = await timeline(a.id_slug);
    expect(tl.at(-1)).toMatchObject({
      from_status: 'SCREENED',
      to_status: 'SUBMITTED',
      reason: 'Screening reopened: Applicant sent proof of citizenship',
      actor: { id_slug: admin.id_slug },
    });
    // Screened again, eligible this time, and reviewed.
    await screen(a.id_slug, true).expect(200);
    expect((await detail(a.id_slug)).screening!.eligible).toBe(true);

    // Already rejected as not eligible: reopened all the same.
    const b = await apply({ can_participate: 'false' });
    await screen(b.id_slug, false, 'Cannot take part full time').expect(200);
    await decide([b.id_slug], 'REJECT').expect(200);
    await reopen(b.id_slug, { reason: 'Misread the answer' }).expect(200);
    expect(await status(b.id_slug)).toBe('SUBMITTED');
    expect((await timeline(b.id_slug)).map((x) => x.to_status)).toEqual(['SUBMITTED', 'SCREENED', 'REJECTED', 'SUBMITTED']);
  });

  it('refuses what is not a confirmed screening: a submitted one, one in review, a rejection after review', async () => {
    const fresh = await apply();
    expect((await reopen(fresh.id_slug, { reason: 'x' }).expect(409)).body.message).toBe(SCREENING_NOT_REOPENABLE_MESSAGE);
    const reviewed = await apply();
    await screen(reviewed.id_slug).expect(200);
    await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: [reviewed.id_slug], reviewer_ids: [reviewer.id_slug] })
      .expect(200);
    await reopen(reviewed.id_slug, { reason: 'x' }).expect(409);
    await decide([reviewed.id_slug], 'REJECT').expect(200);
    await reopen(reviewed.id_slug, { reason: 'x' }).expect(409);
    expect(await status(reviewed.id_slug)).toBe('REJECTED');
    await reopen('0123456789abcdef0123456789abcdef', { reason: 'x' }).expect(404);
  });
});

describe('bulk screening', () => {
  it('confirms a filtered selection eligible in one action, each move logged', async () => {
    const picked = [await apply(), await apply(), await apply()];
    const res = BulkScreeningResponseSchema.parse((await bulk(picked.map((a) => a.id_slug)).expect(200)).body);
    expect(res.data.screened).toBe(3);
    for (const a of picked) {
      expect(await status(a.id_slug)).toBe('SCREENED');
      expect((await detail(a.id_slug)).screening!.eligible).toBe(true);
      expect((await timeline(a.id_slug)).at(-1)).toMatchObject({
        to_status: 'SCREENED',
        reason: 'Eligible',
        actor: { id_slug: admin.id_slug },
      });
    }
  });

  it('is all or nothing: a refusal names each application that cannot be screened and why', async () => {
    const fresh = await apply();
    const done = await apply();
    await screen(done.id_slug).expect(200);
    const refused = await bulk([fresh.id_slug, done.id_slug]).expect(409);
    expect(refused.body.message).toBe(BULK_SCREENING_REFUSED_MESSAGE(1));
    expect(refused.body.errors).toEqual({ [done.id_slug]: illegalTransitionMessage('SCREENED', 'SCREENED') });
    expect(await status(fresh.id_slug)).toBe('SUBMITTED');
    const noReason = await bulk([fresh.id_slug], false).expect(400);
    expect(noReason.body.errors.reason).toBe(NOT_ELIGIBLE_REASON_MESSAGE);
    await bulk([fresh.id_slug], false, 'Over the age limit').expect(200);
    expect((await detail(fresh.id_slug)).screening).toMatchObject({ eligible: false, reason: 'Over the age limit' });
  });
});

describe('bulk work on every application matching a filter', () => {
  const send = (path: string, body: Record<string, unknown>) => t.http.post(`/api/admissions/admin/${path}`).set(as(admin)).send(body);

  it('screens, then assigns reviewers to, every application a filter matches in one action each; a refusal names each and moves none', async () => {
    const tag = `Matchtag${Date.now()}`;
    const picked = [];
    for (let i = 0; i < 3; i++) picked.push(await apply({ full_name: `Applicant ${tag} ${i}` }));
    const other = await apply();

    // The ids or the filter, exactly one of them.
    const both = await send('screening', { application_ids: [picked[0].id_slug], matching: { search_query: tag }, eligible: true });
    expect(both.status).toBe(400);
    expect(both.body.errors.application_ids).toBe(SELECTION_MESSAGE);
    expect((await send('assignments', { reviewer_ids: [reviewer.id_slug] }).expect(400)).body.errors.application_ids).toBe(
      SELECTION_MESSAGE,
    );

    const res = BulkScreeningResponseSchema.parse(
      (await send('screening', { matching: { search_query: tag, status: 'SUBMITTED' }, eligible: true, reason: '' }).expect(200)).body,
    );
    expect(res.data.screened).toBe(3);
    expect(await status(other.id_slug)).toBe('SUBMITTED');

    // One is reopened: assigning the whole filter is refused, naming it, and assigns nobody.
    await reopen(picked[2].id_slug, { reason: 'Birth year misread' }).expect(200);
    const refused = await send('assignments', { matching: { search_query: tag }, reviewer_ids: [reviewer.id_slug] }).expect(409);
    expect(refused.body.errors).toEqual({ [picked[2].id_slug]: SCREEN_FIRST_MESSAGE });
    expect(await status(picked[0].id_slug)).toBe('SCREENED');

    const ok = await send('assignments', { matching: { search_query: tag, status: 'SCREENED' }, reviewer_ids: [reviewer.id_slug] }).expect(
      200,
    );
    expect(ok.body.data).toEqual({ assigned: 2, applications: 2 });
    expect([await status(picked[0].id_slug), await status(picked[1].id_slug), await status(picked[2].id_slug)]).toEqual([
      'IN_REVIEW',
      'IN_REVIEW',
      'SUBMITTED',
    ]);
    // Neither call is a reviewer's.
    await t.http
      .post('/api/admissions/admin/screening')
      .set(as(reviewer))
      .send({ matching: { search_query: tag }, eligible: true })
      .expect(403);
  });
});

describe('mail', () => {
  it('a rejection as not eligible says so and names the rule not met; another rejection does not', { timeout: 60_000 }, async () => {
    const a = await apply({ is_citizen: 'false' });
    await screen(a.id_slug, false, 'Not a citizen').expect(200);
    await decide([a.id_slug], 'REJECT').expect(200);
    const mail = await mailWith(a.email, 'eligibility');
    expect(mail.text).toContain('does not meet them');
    expect(mail.text).toContain('The requirement not met: Malaysian citizen');
    expect(mail.text).not.toContain('many strong applications');

    // No flag explains it: the admin's reason is the rule named.
    const b = await apply({ prev_employment: 'Full-time' });
    await screen(b.id_slug, false, 'Employed full time at present').expect(200);
    await decide([b.id_slug], 'REJECT').expect(200);
    expect((await mailWith(b.email, 'eligibility')).text).toContain('The requirement not met: Employed full time at present');

    const c = await apply();
    await screen(c.id_slug).expect(200);
    await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: [c.id_slug], reviewer_ids: [reviewer.id_slug] })
      .expect(200);
    await decide([c.id_slug], 'REJECT').expect(200);
    const rejected = await until('the rejection', async () =>
      (await inbox(c.email)).find((m) => m.subject.startsWith('Your application to')),
    );
    expect(rejected.text).toContain('many strong applications');
    expect(rejected.text).not.toContain('eligibility requirements');
  });

  it('a declined, a withdrawn and an expired offer are each mailed', { timeout: 90_000 }, async () => {
    const offered = [await apply(), await apply(), await apply()];
    const ids = offered.map((a) => a.id_slug);
    await bulk(ids).expect(200);
    await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: ids, reviewer_ids: [reviewer.id_slug] })
      .expect(200);
    await decide(ids, 'OFFER', { cohort_id: cohort.id_slug, accept_by: isoIn(7) }).expect(200);
    const token = async (a: { email: string }) => {
      const m = await mailWith(a.email, 'An offer of a place');
      return /\?token=([A-Za-z0-9_-]+)/.exec(m.text)![1];
    };
    const [declining, withdrawing, late] = offered;
    await t.http
      .post(`/api/admissions/status/${declining.id_slug}/decline`)
      .send({ token: await token(declining) })
      .expect(200);
    expect((await mailWith(declining.email, 'You declined your place')).text).toContain('the place goes to another applicant');
    await t.http
      .post(`/api/admissions/status/${withdrawing.id_slug}/withdraw`)
      .send({ token: await token(withdrawing) })
      .expect(200);
    expect((await mailWith(withdrawing.email, 'is withdrawn')).text).toContain('has been withdrawn');
    // The accept-by moment passes (time moved), and the expiry job runs.
    await t.ds.query(`UPDATE application_offers SET accept_by = now() - interval '1 minute' WHERE application_id = $1`, [late.id]);
    await t.app.get(DecisionsService).expireOffers();
    expect((await mailWith(late.email, 'has expired')).text).toContain('was not accepted by its accept-by date');

    // An admin's withdrawal is mailed too.
    const other = await apply();
    await decide([other.id_slug], 'WITHDRAW').expect(200);
    await mailWith(other.email, 'is withdrawn');
  });

  it('reviewers are told when applications are assigned to them', { timeout: 60_000 }, async () => {
    const r = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Rafiq' });
    const picked = [await apply(), await apply()];
    const ids = picked.map((a) => a.id_slug);
    await bulk(ids).expect(200);
    await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: ids, reviewer_ids: [r.id_slug] })
      .expect(200);
    const mail = await mailWith(r.email, '2 applications to review');
    expect(mail.text).toContain('Hello Rafiq,');
    expect(mail.text).toContain('Aisyah Karim assigned you 2 applications to review');
    expect(mail.text).toContain('/admin/review');
    // Assigning the same pairs again tells nobody anything new: no second message is queued.
    const again = await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: ids, reviewer_ids: [r.id_slug] })
      .expect(200);
    expect(again.body.data.assigned).toBe(0);
    const queued = await t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data ->> 'reviewer_id' = $2`, [
      REVIEWER_MAIL_JOB,
      String(r.id),
    ]);
    expect(queued).toHaveLength(1);
  });

  it('the status link is sent again on request, with the same answer whether or not the email applied', { timeout: 60_000 }, async () => {
    const a = await apply();
    const known = await t.http.post('/api/admissions/status-link').send({ email: a.email.toUpperCase() }).expect(202);
    const unknown = await t.http.post('/api/admissions/status-link').send({ email: 'nobody-applied@apply.test' }).expect(202);
    expect(ResendStatusLinkResponseSchema.parse(known.body)).toEqual({ message: STATUS_LINK_SENT_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    const mail = await mailWith(a.email, 'Your private link to your application');
    const token = /\/applications\/[0-9a-f]+\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const res = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token }).expect(200);
    expect(res.body.data.status).toBe('SUBMITTED');
    expect(await inbox('nobody-applied@apply.test')).toEqual([]);
    const bad = await t.http.post('/api/admissions/status-link').send({ email: 'not an email' }).expect(400);
    expect(bad.body.errors.email).toBeDefined();
  });
});

describe('asking for the status link is rate-limited', () => {
  it('per email, whatever the answer would be', async () => {
    const limited = await createTestApp({ WORKERS: '0' });
    try {
      const send = (email: string) => limited.http.post('/api/admissions/status-link').send({ email });
      for (let i = 0; i < STATUS_LINK_LIMITS.email.points; i++) await send('someone@apply.test').expect(202);
      const refused = await send('someone@apply.test').expect(429);
      expect(refused.body.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
      await send('another@apply.test').expect(202);
    } finally {
      await limited.close();
    }
  });
});
