import {
  ALREADY_REOPENED_MESSAGE,
  APPLICATION_LINK_INVALID_MESSAGE,
  ApplicationScoresResponseSchema,
  ApplicationViewsResponseSchema,
  BLIND_FIELDS,
  illegalTransitionMessage,
  MyScoreResponseSchema,
  NOT_SCORED_MESSAGE,
  OFFER_NOT_OPEN_MESSAGE,
  REOPEN_REASON_MESSAGE,
  SCORE_FINAL_MESSAGE,
  WITHDRAW_CLOSED_MESSAGE,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';
import { isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { ACCEPT_BY_AFTER_ACCESS_MESSAGE, DecisionsService } from '../../src/modules/admissions/decisions.service';
import { NOT_ASSIGNED_MESSAGE } from '../../src/modules/admissions/review-scores.service';
import { NOT_ELIGIBLE_MESSAGE, SCREEN_FIRST_MESSAGE } from '../../src/modules/admissions/screening.service';

const WEB_ORIGIN = 'http://site.example.test';
const INTAKE = 'youth-programme-2027';
const PASSWORD = 'Fresh#Wafer7781';

let t: TestApp;
let admin: TestUser;
let reviewerA: TestUser;
let reviewerB: TestUser;
let outsider: TestUser;
let student: TestUser;
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', MAIL_RETRY_LIMIT: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewerA = await createUser(t, { role: 'INSTRUCTOR' });
  reviewerB = await createUser(t, { role: 'INSTRUCTOR' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t, { role: 'STUDENT' });
  const course = await makeCourse(t, admin, { title: 'Admissions course' });
  cohort = await makeCohort(t, admin, { title: 'Youth Cohort 2027', course_ids: [course.id_slug], start: 30, end: 150 });
  // Every offer of these tests is to this cohort, for the fixture's track (Digital Design).
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/seats/${cohort.id_slug}`)
    .set(bearer(admin))
    .send({ track: 'Digital Design', seats: 100 })
    .expect(200);
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({
      criteria: [
        { id: 'motivation', title: 'Motivation', description: 'Why this programme', weight: 2, levels: ['1', '2', '3', '4', '5'] },
        { id: 'technical', title: 'Technical base', weight: 1, levels: ['a', 'b', 'c', 'd', 'e'] },
      ],
    })
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
  t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

/** The private link of the n-th message to the address: the application's id_slug and the token. */
async function nthLink(to: string, n: number): Promise<{ id: string; token: string; subject: string }> {
  const mails = await until(`message ${n} to ${to}`, async () => {
    const m = await inbox(to);
    return m.length >= n && m;
  });
  const match = /\/applications\/([0-9a-f]+)\?token=([A-Za-z0-9_-]+)/.exec(mails[n - 1].text);
  if (!match) throw new Error(`no private link in: ${mails[n - 1].text}`);
  return { id: match[1], token: match[2], subject: mails[n - 1].subject };
}

let seq = 0;
async function apply(overrides: Record<string, unknown> = {}) {
  const email = (overrides.email as string | undefined) ?? `applicant${++seq}-${Date.now()}@apply.test`;
  await t.http
    .post('/api/sheet/submit-form/')
    .send(validApplication({ ...overrides, email }))
    .expect(201);
  const [row] = await t.ds.query(`SELECT id, id_slug FROM programme_applications WHERE email = $1`, [email]);
  return { email, id_slug: row.id_slug as string, id: row.id as string };
}

const as = (u: TestUser) => bearer(u);
const status = async (id: string) => (await t.ds.query(`SELECT status FROM programme_applications WHERE id_slug = $1`, [id]))[0].status;
const screen = (id: string, eligible = true, reason = '') =>
  t.http.post(`/api/admissions/admin/applications/${id}/screening`).set(as(admin)).send({ eligible, reason });
/** Assigns the reviewers; once assigned, each declares no conflict of interest (their review opens only then). */
const assign = (ids: string[], reviewers: TestUser[]) => ({
  async expect(code: number) {
    const res = await t.http
      .post('/api/admissions/admin/assignments')
      .set(as(admin))
      .send({ application_ids: ids, reviewer_ids: reviewers.map((r) => r.id_slug) })
      .expect(code);
    if (code === 200)
      for (const id of ids)
        for (const r of reviewers)
          await t.http.post(`/api/admissions/review/applications/${id}/declaration`).set(as(r)).send({ conflict: false }).expect(200);
    return res;
  },
});
const score = (u: TestUser, id: string, motivation: number, technical: number, comment = '') =>
  t.http.put(`/api/admissions/review/applications/${id}/score`).set(as(u)).send({ scores: { motivation, technical }, comment });
const decide = (ids: string[], decision: string, extra: Record<string, unknown> = {}) =>
  t.http
    .post('/api/admissions/admin/decisions')
    .set(as(admin))
    .send({ application_ids: ids, decision, reason: 'Panel decision', ...extra });
const offer = (ids: string[], acceptBy = isoIn(7)) => decide(ids, 'OFFER', { cohort_id: cohort.id_slug, accept_by: acceptBy });
const detail = (u: TestUser, id: string) => t.http.get(`/api/admissions/applications/${id}`).set(as(u));

/** An application taken to IN_REVIEW with both reviewers, scored (m, t) by each. */
async function reviewed(
  scores: [number, number][] = [
    [4, 4],
    [4, 4],
  ],
  overrides: Record<string, unknown> = {},
) {
  const a = await apply(overrides);
  await screen(a.id_slug).expect(200);
  await assign([a.id_slug], [reviewerA, reviewerB]).expect(200);
  if (scores[0]) await score(reviewerA, a.id_slug, ...scores[0]).expect(200);
  if (scores[1]) await score(reviewerB, a.id_slug, ...scores[1]).expect(200);
  return a;
}

describe('submission and screening', () => {
  it('mails the confirmation with a private link that shows the application, and stores only the token hash', async () => {
    const a = await apply();
    const link = await nthLink(a.email, 1);
    expect(link.id).toBe(a.id_slug);
    expect(link.subject).toContain('We have received your application');
    expect(link.token.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const stored = await t.ds.query(`SELECT token_hash FROM application_tokens WHERE application_id = $1`, [a.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(link.token);
    const res = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: link.token }).expect(200);
    expect(res.body.data).toMatchObject({ id_slug: a.id_slug, status: 'SUBMITTED', offer: null });
    expect(res.body.data.timeline).toEqual([{ status: 'SUBMITTED', at: expect.any(String) }]);
    expect(JSON.stringify(res.body)).not.toContain(a.email);
  });

  it('keeps the flags and moves to SCREENED only when an admin confirms; never twice', async () => {
    const a = await apply({ can_participate: 'false', is_citizen: 'false' });
    const [row] = await t.ds.query(`SELECT status, eligibility FROM programme_applications WHERE id = $1`, [a.id]);
    expect(row.status).toBe('SUBMITTED');
    expect(row.eligibility).toEqual({
      age_30_or_below: true,
      diploma_or_degree: true,
      unemployed: true,
      can_participate: false,
      malaysian_citizen: false,
    });
    const noReason = await screen(a.id_slug, false).expect(400);
    expect(noReason.body.errors.reason).toBeDefined();
    await screen(a.id_slug, false, 'Not a Malaysian citizen').expect(200);
    expect(await status(a.id_slug)).toBe('SCREENED');
    const again = await screen(a.id_slug, true).expect(409);
    expect(again.body.message).toBe(illegalTransitionMessage('SCREENED', 'SCREENED'));
    const d = await detail(admin, a.id_slug).expect(200);
    expect(d.body.data.screening).toMatchObject({ eligible: false, reason: 'Not a Malaysian citizen' });
    // Not eligible: never reviewed, may be rejected.
    expect((await assign([a.id_slug], [reviewerA]).expect(409)).body.message).toBe(NOT_ELIGIBLE_MESSAGE);
    await decide([a.id_slug], 'REJECT').expect(200);
    const tl = await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/timeline`).set(as(admin)).expect(200);
    expect(tl.body.data.map((x: { to_status: string }) => x.to_status)).toEqual(['SUBMITTED', 'SCREENED', 'REJECTED']);
    expect(tl.body.data[1], JSON.stringify(tl.body.data[1])).toMatchObject({
      from_status: 'SUBMITTED',
      reason: 'Not eligible: Not a Malaysian citizen',
      actor: { id_slug: admin.id_slug },
    });
  });

  it('refuses every illegal move with a 409 and changes nothing', async () => {
    const a = await apply();
    expect((await assign([a.id_slug], [reviewerA]).expect(409)).body.message).toBe(SCREEN_FIRST_MESSAGE);
    expect((await decide([a.id_slug], 'SHORTLIST').expect(409)).body.message).toBe(illegalTransitionMessage('SUBMITTED', 'SHORTLISTED'));
    expect((await offer([a.id_slug]).expect(409)).body.message).toBe(illegalTransitionMessage('SUBMITTED', 'OFFERED'));
    await screen(a.id_slug).expect(200);
    await decide([a.id_slug], 'WAITLIST').expect(409);
    // A bulk decision with one illegal application moves none of them.
    const b = await reviewed();
    await decide([b.id_slug, a.id_slug], 'SHORTLIST').expect(409);
    expect(await status(b.id_slug)).toBe('IN_REVIEW');
    await decide([b.id_slug], 'REJECT').expect(200);
    await decide([b.id_slug], 'OFFER', { cohort_id: cohort.id_slug, accept_by: isoIn(3) }).expect(409);
    await screen('0123456789abcdef0123456789abcdef').expect(404);
  });
});

describe('blind review', () => {
  it('hides every blind field from an assigned reviewer until they have scored: detail, queue and files', async () => {
    const a = await apply({ full_name: 'Nurul Blind Test' });
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    expect(await status(a.id_slug)).toBe('IN_REVIEW');
    const before = await detail(reviewerA, a.id_slug).expect(200);
    expect(before.body.data.hidden_fields).toEqual([...BLIND_FIELDS]);
    for (const f of BLIND_FIELDS) expect(before.body.data.application).not.toHaveProperty(f);
    const text = JSON.stringify(before.body);
    for (const secret of ['Nurul Blind Test', a.email, '/api/files/']) expect(text).not.toContain(secret);
    expect(before.body.data).toMatchObject({ screening: null, reviewers: null, score: null, offer: null });
    expect(before.body.data.application.course).toBeDefined();
    const queue = await t.http.get('/api/admissions/review/queue').set(as(reviewerA)).expect(200);
    expect(queue.body.data.map((r: { id_slug: string }) => r.id_slug)).toContain(a.id_slug);
    expect(JSON.stringify(queue.body)).not.toContain('Nurul');
    expect(JSON.stringify(queue.body)).not.toContain(a.email);
    await score(reviewerA, a.id_slug, 5, 3, 'Strong motivation').expect(200);
    const after = await detail(reviewerA, a.id_slug).expect(200);
    expect(after.body.data.hidden_fields).toEqual([]);
    expect(after.body.data.application.full_name).toBe('Nurul Blind Test');
    // The queue stays free of names even once scored.
    expect(JSON.stringify((await t.http.get('/api/admissions/review/queue').set(as(reviewerA))).body)).not.toContain('Nurul');
    // Admins see everything.
    expect((await detail(admin, a.id_slug).expect(200)).body.data.application.full_name).toBe('Nurul Blind Test');
  });

  it('shows everything to an assigned reviewer when the admin turns blind review off for the intake', async () => {
    const rubric = (await t.http.get(`/api/admissions/intakes/${INTAKE}/rubric`).set(as(reviewerA)).expect(200)).body.data;
    expect(rubric.blind).toBe(true);
    const a = await apply({ full_name: 'Open Review Test' });
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    const put = (blind: boolean) =>
      t.http.put(`/api/admissions/admin/intakes/${INTAKE}/rubric`).set(as(admin)).send({ criteria: rubric.criteria, blind });
    try {
      expect((await put(false).expect(200)).body.data.blind).toBe(false);
      const open = await detail(reviewerA, a.id_slug).expect(200);
      expect(open.body.data.hidden_fields).toEqual([]);
      expect(open.body.data.application.full_name).toBe('Open Review Test');
    } finally {
      await put(true).expect(200);
    }
    expect((await detail(reviewerA, a.id_slug).expect(200)).body.data.hidden_fields).toEqual([...BLIND_FIELDS]);
  });

  it('refuses a reviewer an application not assigned to them: no detail, no score, no rubric of their own', async () => {
    const a = await apply();
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    await detail(outsider, a.id_slug).expect(404);
    expect((await score(outsider, a.id_slug, 3, 3).expect(403)).body.message).toBe(NOT_ASSIGNED_MESSAGE);
    await t.http.get(`/api/admissions/review/applications/${a.id_slug}/score`).set(as(outsider)).expect(403);
    expect(
      await t.ds.query(`SELECT 1 FROM application_scores s JOIN users u ON u.id = s.reviewer_id WHERE u.id = $1`, [outsider.id]),
    ).toEqual([]);
    // A student reaches no admissions call.
    await detail(student, a.id_slug).expect(403);
    await t.http.get('/api/admissions/review/queue').set(as(student)).expect(403);
    await t.http.get('/api/admissions/admin/applications').set(as(reviewerA)).expect(403);
  });

  it('checks scores against the rubric', async () => {
    const a = await apply();
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    await t.http
      .put(`/api/admissions/review/applications/${a.id_slug}/score`)
      .set(as(reviewerA))
      .send({ scores: { motivation: 4 } })
      .expect(400);
    await t.http
      .put(`/api/admissions/review/applications/${a.id_slug}/score`)
      .set(as(reviewerA))
      .send({ scores: { motivation: 6, technical: 1 } })
      .expect(400);
    // Once scored, the rubric's criteria and weights are fixed.
    await score(reviewerA, a.id_slug, 4, 2).expect(200);
    await t.http
      .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
      .set(as(admin))
      .send({ criteria: [{ id: 'motivation', title: 'Motivation', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
      .expect(409);
  });
});

describe('a submitted score is final', () => {
  const myScore = async (u: TestUser, id: string) =>
    MyScoreResponseSchema.parse((await t.http.get(`/api/admissions/review/applications/${id}/score`).set(as(u)).expect(200)).body).data;
  const scores = async (id: string) =>
    ApplicationScoresResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${id}/scores`).set(as(admin)).expect(200)).body,
    ).data;
  const reopen = (id: string, reviewer: TestUser, reason: string, by: TestUser = admin) =>
    t.http.post(`/api/admissions/admin/applications/${id}/reopen-score`).set(as(by)).send({ reviewer_id: reviewer.id_slug, reason });

  it('refuses a reviewer who scored 1, saw the applicant, and re-scores 5; the 1 stands', async () => {
    const a = await apply({ full_name: 'Rescore Attempt' });
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    await score(reviewerA, a.id_slug, 1, 1, 'Weak').expect(200);
    expect((await detail(reviewerA, a.id_slug).expect(200)).body.data.application.full_name).toBe('Rescore Attempt');
    const res = await score(reviewerA, a.id_slug, 5, 5, 'Strong after all').expect(409);
    expect(res.body.message).toBe(SCORE_FINAL_MESSAGE);
    expect(res.body.errors.scores).toBe(SCORE_FINAL_MESSAGE);
    const mine = await myScore(reviewerA, a.id_slug);
    expect(mine.score).toMatchObject({ weighted: 1, comment: 'Weak', reopened_at: null });
    expect(await scores(a.id_slug)).toMatchObject({ reviews: [{ weighted: 1, reopened_at: null }], history: [] });
  });

  it('takes only one of two first scores sent at once', async () => {
    const a = await apply();
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA]).expect(200);
    const answers = await Promise.all([score(reviewerA, a.id_slug, 1, 1), score(reviewerA, a.id_slug, 5, 5)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const kept = answers.find((r) => r.status === 200)!.body.data.score.weighted;
    expect((await scores(a.id_slug)).reviews.map((r) => r.weighted)).toEqual([kept]);
  });

  it('lets an admin reopen a score with a reason (who, when, why), after which the reviewer scores once more, logged old and new', async () => {
    const a = await apply();
    await screen(a.id_slug).expect(200);
    await assign([a.id_slug], [reviewerA, reviewerB]).expect(200);
    await score(reviewerA, a.id_slug, 1, 1).expect(200);
    // A reviewer cannot reopen their own score; a reason is required; only a submitted score reopens.
    await reopen(a.id_slug, reviewerA, 'Mine', reviewerA).expect(403);
    expect((await reopen(a.id_slug, reviewerA, '  ').expect(400)).body.errors.reason).toBe(REOPEN_REASON_MESSAGE);
    expect((await reopen(a.id_slug, reviewerB, 'Not yet scored').expect(409)).body.message).toBe(NOT_SCORED_MESSAGE);
    await reopen(a.id_slug, outsider, 'Not assigned').expect(404);

    const reopened = ApplicationScoresResponseSchema.parse(
      (await reopen(a.id_slug, reviewerA, 'Scored against the wrong rubric').expect(200)).body,
    ).data;
    expect(reopened.reviews[0].reopened_at).not.toBeNull();
    expect(reopened.history).toEqual([
      expect.objectContaining({
        kind: 'REOPENED',
        reviewer: expect.objectContaining({ id_slug: reviewerA.id_slug }),
        actor: expect.objectContaining({ id_slug: admin.id_slug }),
        reason: 'Scored against the wrong rubric',
        old_weighted: 1,
        new_weighted: null,
      }),
    ]);
    expect((await reopen(a.id_slug, reviewerA, 'Again').expect(409)).body.message).toBe(ALREADY_REOPENED_MESSAGE);
    // Back in the reviewer's queue of applications to score.
    const toScore = await t.http.get('/api/admissions/review/queue').query({ scored: 'false' }).set(as(reviewerA)).expect(200);
    expect(toScore.body.data).toContainEqual(expect.objectContaining({ id_slug: a.id_slug, scored_at: null }));
    expect((await myScore(reviewerA, a.id_slug)).score?.reopened_at).not.toBeNull();

    await score(reviewerA, a.id_slug, 4, 4, 'Re-read against the rubric').expect(200);
    const after = await scores(a.id_slug);
    expect(after.reviews).toEqual([expect.objectContaining({ weighted: 4, reopened_at: null, comment: 'Re-read against the rubric' })]);
    expect(after.history.map((h) => [h.kind, h.actor?.id_slug, h.old_weighted, h.new_weighted])).toEqual([
      ['REOPENED', admin.id_slug, 1, null],
      ['CHANGED', reviewerA.id_slug, 1, 4],
    ]);
    // Final again.
    expect((await score(reviewerA, a.id_slug, 5, 5).expect(409)).body.message).toBe(SCORE_FINAL_MESSAGE);
  });
});

describe('ranking and decisions', () => {
  it('ranks by weighted mean and flags reviewers who disagree by more than 1.0', async () => {
    const agree = await reviewed([
      [5, 5],
      [5, 2],
    ]); // 5 and 4
    const split = await reviewed([
      [5, 5],
      [2, 2],
    ]); // 5 and 2
    const res = await t.http.get(`/api/admissions/admin/intakes/${INTAKE}/ranking`).set(as(admin)).expect(200);
    const byId = Object.fromEntries(res.body.data.map((r: { id_slug: string }) => [r.id_slug, r]));
    expect(byId[agree.id_slug].score).toMatchObject({ mean: 4.5, reviews: 2, min: 4, max: 5, disagreement: false });
    expect(byId[split.id_slug].score).toMatchObject({ mean: 3.5, disagreement: true });
    expect(byId[agree.id_slug].rank).toBeLessThan(byId[split.id_slug].rank);
    expect(res.body.disagreement_threshold).toBe(1);
    const list = await t.http
      .get(`/api/admissions/admin/applications?search_query=${encodeURIComponent(agree.email)}`)
      .set(as(admin))
      .expect(200);
    expect(list.body.data[0]).toMatchObject({ status: 'IN_REVIEW', score: { mean: 4.5 }, eligible: true });
    expect(list.body.data[0].reviewers.map((r: { id_slug: string }) => r.id_slug).sort()).toEqual(
      [reviewerA.id_slug, reviewerB.id_slug].sort(),
    );
  });

  it(
    'decides in bulk, mailing each applicant its template; an offer names the cohort and accept-by date',
    { timeout: 90_000 },
    async () => {
      const [s, o, w, r] = [await reviewed(), await reviewed(), await reviewed(), await reviewed()];
      // An offer cannot outlive its cohort: accept-by after the end of access is refused, and nothing moves.
      const late = await offer([o.id_slug], isoIn(400)).expect(400);
      expect(late.body.errors).toEqual({ accept_by: ACCEPT_BY_AFTER_ACCESS_MESSAGE });
      expect(await status(o.id_slug)).toBe('IN_REVIEW');
      await decide([s.id_slug], 'SHORTLIST').expect(200);
      const day = new Date(Date.now() + 7 * 86_400_000);
      const acceptBy = `${day.toISOString().slice(0, 10)}T15:59:00.000Z`;
      const dayText = new Date(acceptBy).toLocaleDateString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const res = await offer([o.id_slug, s.id_slug], acceptBy).expect(200);
      expect(res.body.data.decided).toBe(2);
      await decide([w.id_slug], 'WAITLIST').expect(200);
      await decide([r.id_slug], 'REJECT').expect(200);
      const offerMail = await nthLink(o.email, 2);
      expect(offerMail.subject).toContain('An offer of a place');
      const text = (await inbox(o.email))[1].text;
      expect(text).toContain('Youth Cohort 2027');
      // The accept-by moment in the school's time zone (UTC+8): 23:59 the same day.
      expect(text).toContain(`accept or decline by ${dayText} at 23:59 (Malaysia time)`);
      expect((await nthLink(w.email, 2)).subject).toContain('waiting list');
      expect((await nthLink(r.email, 2)).subject).toContain('Your application to');
      await nthLink(s.email, 3);
      expect((await inbox(s.email)).map((m) => m.subject).some((x) => x.includes('shortlist'))).toBe(true);
      const st = await t.http.post(`/api/admissions/status/${o.id_slug}`).send({ token: offerMail.token }).expect(200);
      expect(st.body.data.offer).toMatchObject({ cohort_title: 'Youth Cohort 2027' });
      expect(st.body.data.timeline.map((x: { status: string }) => x.status)).toEqual(['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'OFFERED']);
      // The applicant sees no reason, actor or score.
      expect(JSON.stringify(st.body)).not.toMatch(/Panel decision|reason|actor|weighted/);
    },
  );
});

describe("the applicant's private link", () => {
  it('opens only its own application: a wrong token, or another application’s, is a 404', async () => {
    const a = await apply();
    const b = await apply();
    const la = await nthLink(a.email, 1);
    const lb = await nthLink(b.email, 1);
    const wrong = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: lb.token }).expect(404);
    expect(wrong.body.message).toBe(APPLICATION_LINK_INVALID_MESSAGE);
    await t.http
      .post(`/api/admissions/status/${a.id_slug}`)
      .send({ token: 'x'.repeat(43) })
      .expect(404);
    await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: '' }).expect(400);
    await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: la.token }).expect(409);
    expect((await t.http.post(`/api/admissions/status/${a.id_slug}/decline`).send({ token: la.token }).expect(409)).body.message).toBe(
      OFFER_NOT_OPEN_MESSAGE,
    );
  });

  it('accepting creates no account but mails the account-setup link; registering enrols and makes it ENROLLED', async () => {
    const a = await reviewed();
    await offer([a.id_slug]).expect(200);
    const link = await nthLink(a.email, 2);
    const res = await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: link.token }).expect(200);
    expect(res.body).toMatchObject({ next: 'account_setup', data: { status: 'ACCEPTED' } });
    const invite = await until('the invitation', async () => {
      const m = (await inbox(a.email)).find((x) => x.text.includes('/create-account?invite='));
      return m && /\/create-account\?invite=([A-Za-z0-9_-]+)/.exec(m.text)![1];
    });
    await t.http
      .post('/api/auth/register/')
      .send({ email: a.email, password: PASSWORD, first_name: 'Ina', last_name: 'Applicant', invite })
      .expect(201);
    expect(await status(a.id_slug)).toBe('ENROLLED');
    const [enrolment] = await t.ds.query(
      `SELECT 1 FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.cohort_id = $2`,
      [a.email, cohort.id],
    );
    expect(enrolment).toBeDefined();
    const tl = await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: link.token }).expect(200);
    expect(tl.body.data.timeline.slice(-2).map((x: { status: string }) => x.status)).toEqual(['ACCEPTED', 'ENROLLED']);
  });

  it('accepting with an existing student account enrols it at once', async () => {
    const existing = await createUser(t, { role: 'STUDENT' });
    const a = await reviewed(undefined, { email: existing.email });
    await offer([a.id_slug]).expect(200);
    const link = await nthLink(a.email, 2);
    const res = await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: link.token }).expect(200);
    expect(res.body).toMatchObject({ next: 'enrolled', data: { status: 'ENROLLED' } });
    const rows = await t.ds.query(`SELECT 1 FROM enrolments WHERE user_id = $1 AND cohort_id = $2`, [existing.id, cohort.id]);
    expect(rows).toHaveLength(1);
    await t.http.post(`/api/admissions/status/${a.id_slug}/accept`).send({ token: link.token }).expect(409);
  });
});

describe('declines and expiry offer the place to the next waitlisted, once', () => {
  it('a decline promotes the best-ranked waitlisted applicant with the same cohort, exactly once', { timeout: 90_000 }, async () => {
    const declined = await reviewed();
    const better = await reviewed([
      [5, 5],
      [5, 5],
    ]);
    const worse = await reviewed([
      [1, 1],
      [1, 1],
    ]);
    await decide([better.id_slug, worse.id_slug], 'WAITLIST').expect(200);
    await offer([declined.id_slug], isoIn(5)).expect(200);
    const link = await nthLink(declined.email, 2);
    await t.http.post(`/api/admissions/status/${declined.id_slug}/decline`).send({ token: link.token }).expect(200);
    expect(await status(declined.id_slug)).toBe('DECLINED');
    await until('the promotion', async () => (await status(better.id_slug)) === 'OFFERED');
    // Running the promotion again, twice at once, offers nothing more.
    const svc = t.app.get(DecisionsService);
    const again = await Promise.all([svc.promoteNext(declined.id), svc.promoteNext(declined.id)]);
    expect(again).toEqual([undefined, undefined]);
    expect(await status(worse.id_slug)).toBe('WAITLISTED');
    const [o] = await t.ds.query(
      `SELECT cohort_id::text, accept_by > now() + interval '4 days' AS fresh FROM application_offers WHERE application_id = $1`,
      [better.id],
    );
    expect(o).toEqual({ cohort_id: cohort.id, fresh: true });
    expect((await nthLink(better.email, 3)).subject).toContain('An offer of a place');
  });

  it('an offer past its accept-by date expires and its place goes on', { timeout: 90_000 }, async () => {
    const late = await reviewed();
    // The best-ranked of the waitlisted applicants left by the tests above.
    const next = await reviewed([
      [5, 5],
      [5, 5],
    ]);
    await decide([next.id_slug], 'WAITLIST').expect(200);
    await offer([late.id_slug]).expect(200);
    const link = await nthLink(late.email, 2);
    await t.ds.query(`UPDATE application_offers SET accept_by = now() - interval '1 minute' WHERE application_id = $1`, [late.id]);
    // Too late to accept, even before the job ran.
    await t.http.post(`/api/admissions/status/${late.id_slug}/accept`).send({ token: link.token }).expect(409);
    const svc = t.app.get(DecisionsService);
    const [first, second] = await Promise.all([svc.expireOffers(), svc.expireOffers()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await status(late.id_slug)).toBe('OFFER_EXPIRED');
    const expiries = await t.ds.query(`SELECT 1 FROM application_transitions WHERE application_id = $1 AND to_status = 'OFFER_EXPIRED'`, [
      late.id,
    ]);
    expect(expiries).toHaveLength(1);
    await until('the promotion', async () => (await status(next.id_slug)) === 'OFFERED', 60_000);
  });

  it(
    'the applicant withdraws through their link; a withdrawn offer frees its place; an end cannot be withdrawn',
    { timeout: 90_000 },
    async () => {
      const early = await apply();
      const link = await nthLink(early.email, 1);
      const res = await t.http.post(`/api/admissions/status/${early.id_slug}/withdraw`).send({ token: link.token }).expect(200);
      expect(res.body.data.status).toBe('WITHDRAWN');
      const again = await t.http.post(`/api/admissions/status/${early.id_slug}/withdraw`).send({ token: link.token }).expect(409);
      expect(again.body.message).toBe(WITHDRAW_CLOSED_MESSAGE);
      // Another application's token withdraws nothing.
      const other = await apply();
      await t.http.post(`/api/admissions/status/${other.id_slug}/withdraw`).send({ token: link.token }).expect(404);
      expect(await status(other.id_slug)).toBe('SUBMITTED');

      const offered = await reviewed();
      const waiting = await reviewed([
        [5, 5],
        [5, 4],
      ]);
      await decide([waiting.id_slug], 'WAITLIST').expect(200);
      await offer([offered.id_slug]).expect(200);
      const offerLink = await nthLink(offered.email, 2);
      await t.http.post(`/api/admissions/status/${offered.id_slug}/withdraw`).send({ token: offerLink.token }).expect(200);
      await until('the promotion', async () => (await status(waiting.id_slug)) === 'OFFERED', 60_000);
    },
  );

  it("an admin's withdrawal of an offer frees its place too", { timeout: 90_000 }, async () => {
    const offered = await reviewed();
    const waiting = await reviewed([
      [5, 5],
      [5, 5],
    ]);
    await decide([waiting.id_slug], 'WAITLIST').expect(200);
    await offer([offered.id_slug]).expect(200);
    await decide([offered.id_slug], 'WITHDRAW').expect(200);
    expect(await status(offered.id_slug)).toBe('WITHDRAWN');
    await until('the promotion', async () => (await status(waiting.id_slug)) === 'OFFERED', 60_000);
  });
});

describe('audit log and export', () => {
  it('writes every application the admissions list, its search, the ranking and the applications list show', async () => {
    const shown = await reviewed(
      [
        [5, 5],
        [5, 5],
      ],
      { full_name: 'Listed Applicant' },
    );
    const other = await reviewed(
      [
        [1, 1],
        [1, 1],
      ],
      { full_name: 'Unsearched Applicant' },
    );
    const calls = async (id: string) =>
      ApplicationViewsResponseSchema.parse(
        (await t.http.get(`/api/admissions/admin/applications/${id}/views`).set(as(admin)).expect(200)).body,
      )
        .data.filter((v) => v.viewer?.id_slug === admin.id_slug)
        .map((v) => v.call)
        .sort();
    expect(await calls(shown.id_slug)).toEqual([]);

    await t.http.get('/api/admissions/admin/applications').query({ search_query: shown.email }).set(as(admin)).expect(200);
    expect(await calls(shown.id_slug)).toEqual(['admissionsListSearch']);
    expect(await calls(other.id_slug)).toEqual([]);

    const list = await t.http
      .get('/api/admissions/admin/applications')
      .query({ intake: INTAKE, page_size: 100 })
      .set(as(admin))
      .expect(200);
    const listed = list.body.data.map((r: { id_slug: string }) => r.id_slug);
    expect(listed).toEqual(expect.arrayContaining([shown.id_slug, other.id_slug]));
    const logged = await t.ds.query(`SELECT count(*)::int AS n FROM application_views WHERE call = 'admissionsList' AND viewer_id = $1`, [
      admin.id,
    ]);
    expect(logged[0].n).toBe(listed.length);

    await t.http.get(`/api/admissions/admin/intakes/${INTAKE}/ranking`).query({ status: 'IN_REVIEW' }).set(as(admin)).expect(200);
    await t.http.get('/api/applications/admin/list').query({ search_query: shown.email }).set(as(admin)).expect(200);
    expect(await calls(shown.id_slug)).toEqual([
      'adminApplicationListSearch',
      'admissionsList',
      'admissionsListSearch',
      'admissionsRanking',
    ]);
    expect(await calls(other.id_slug)).toEqual(['admissionsList', 'admissionsRanking']);
  });

  it('writes a row for every view of an application, with who and through which call', async () => {
    const a = await reviewed();
    const link = await nthLink(a.email, 1);
    await detail(admin, a.id_slug).expect(200);
    await detail(reviewerA, a.id_slug).expect(200);
    await t.http.get(`/api/applications/admin/${a.id_slug}`).set(as(admin)).expect(200);
    await t.http.post(`/api/admissions/status/${a.id_slug}`).send({ token: link.token }).expect(200);
    const views = await t.http.get(`/api/admissions/admin/applications/${a.id_slug}/views`).set(as(admin)).expect(200);
    expect(views.body.data.map((v: { call: string; viewer: { id_slug: string } | null }) => [v.call, v.viewer?.id_slug ?? null])).toEqual([
      ['applicantStatus', null],
      ['adminApplicationDetail', admin.id_slug],
      ['admissionsDetail', reviewerA.id_slug],
      ['admissionsDetail', admin.id_slug],
    ]);
  });
});
