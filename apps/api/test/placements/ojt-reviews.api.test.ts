import { createHash } from 'node:crypto';
import { OjtReviewResponseSchema, OjtReviewsResponseSchema, OjtReviewVerificationSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/modules/placements/logbook-weeks';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { readPdf } from '../pdf-text';
import { bearer, createTestApp, createUser, getBytes, type TestApp, type TestUser } from '../test-app';

/**
 * The OJT reviews at weeks 4, 8 and 16: dated by the trainee's OJT window on the timeline; the
 * trainee, the supervisor (through the link mailed when the trainee signs) and the coach each
 * complete and sign their own section, which cannot change after; the third signature freezes the
 * review into a PDF whose SHA-256 is recorded and checks out at the public route, and nothing else
 * does. Nobody reaches a review that is not theirs.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherStaff: TestUser;
let aina: TestUser;
let badrul: TestUser;
let cohort: string;
let ainaPlacement: string;
let badrulPlacement: string;
let ainaStart: string;
const tag = Math.random().toString(36).slice(2, 8);
const SUPERVISOR_EMAIL = `rahman.${tag}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Cik', last_name: 'Coach' });
  otherStaff = await createUser(t, { role: 'INSTRUCTOR' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Review' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Review' });
  const course = await makeCourse(t, admin, {
    title: `Review course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 150 days ago: the 119-day Online phase is over and OJT is in its fifth week (week 4 has started and ended).
  cohort = (await makeCohort(t, admin, { title: `Review cohort ${tag}`, course_ids: [course.id_slug], start: -150, end: 200 })).id_slug;
  await enrol(t, admin, cohort, aina);
  await enrol(t, admin, cohort, badrul);
  await t.http
    .post('/api/host-companies/admin')
    .set(bearer(admin))
    .send({ name: `Fab ${tag}`, registration_number: `RV-${tag}`, sites: [{ name: 'Fab 1' }] })
    .expect(201);
  const row = (s: TestUser) => `${s.email},RV-${tag},Fab 1,Encik Rahman,${SUPERVISOR_EMAIL},+60 4-1,40,${coach.email}`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
        row(aina),
        row(badrul),
      ].join('\n'),
    })
    .expect(200);
  const mine = async (s: TestUser) => (await t.http.get('/api/placements/me').set(bearer(s)).expect(200)).body.data[0];
  ({ id_slug: ainaPlacement, starts_on: ainaStart } = await mine(aina));
  badrulPlacement = (await mine(badrul)).id_slug;
});
afterAll(async () => t?.close());

const my = (who = aina, placement = ainaPlacement) => `/api/placements/me/${placement}/reviews`;
const coachPath = (who: TestUser = aina) => `/api/coaching/trainees/${cohort}/${who.id_slug}/reviews`;
const reviews = async (who = aina, placement = ainaPlacement) =>
  OjtReviewsResponseSchema.parse((await t.http.get(my(who, placement)).set(bearer(who)).expect(200)).body).data;
const traineeSection = {
  progress: 'Ran the wet bench on my own from week 3; logged particle counts every shift',
  competencies: ['Wafer Fab Process Engineer'],
  goals: 'Take over the weekly tool qualification by week 8',
};
const supervisorSection = { comments: 'Careful and punctual; asks good questions', rating: 'MEETS' };
const coachSection = { comments: 'On track against the logbook', actions: 'Book the SPC short course before week 8' };

/** The token of the newest review link mailed to the supervisor (the link as mailed, read from the mail queue). */
async function mailedToken(): Promise<string> {
  const [job] = await t.ds.query(
    `SELECT data FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'template' = 'ojt-review-supervisor' AND data->>'to' = $1
      ORDER BY created_on DESC LIMIT 1`,
    [SUPERVISOR_EMAIL],
  );
  expect(job, 'the supervisor was mailed').toBeDefined();
  const url = job.data.props.reviewUrl as string;
  expect(url).toMatch(/\/supervisor\/reviews\/[A-Za-z0-9_-]{20,}$/);
  return url.split('/').pop()!;
}

describe('OJT reviews', { timeout: 180_000 }, () => {
  it('dates the three reviews by the OJT window on the timeline, and a trainee’s longer phase moves theirs', async () => {
    const list = await reviews();
    expect(list.map((r) => [r.week, r.opens_on, r.due_on])).toEqual([
      [4, addDays(ainaStart, 21), addDays(ainaStart, 27)],
      [8, addDays(ainaStart, 49), addDays(ainaStart, 55)],
      [16, addDays(ainaStart, 105), addDays(ainaStart, 111)],
    ]);
    // Week 4 ended three days ago, unsigned: overdue; weeks 8 and 16 have not started.
    expect(list.map((r) => r.state)).toEqual(['OVERDUE', 'NOT_OPEN', 'NOT_OPEN']);
    expect(list[0]).toMatchObject({
      trainee_name: 'Aina Review',
      host_name: `Fab ${tag}`,
      supervisor_name: 'Encik Rahman',
      signatures: [],
    });

    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ user_id_slug: badrul.id_slug, phase: 'ONLINE', days: 7, reason: 'Medical leave' })
      .expect(200);
    const his = await reviews(badrul, badrulPlacement);
    expect(his.map((r) => r.due_on)).toEqual(list.map((r) => addDays(r.due_on, 7)));
    expect(his[0].state).toBe('OPEN');
    const tab = (await t.http.get(`/api/cohorts/admin/${cohort}/placements/reviews`).set(bearer(admin)).expect(200)).body.data;
    expect(tab.find((p: { trainee: { id_slug: string } }) => p.trainee.id_slug === badrul.id_slug).reviews[0]).toMatchObject({
      week: 4,
      due_on: his[0].due_on,
      state: 'OPEN',
      signed: [],
    });
  });

  it('lets each party complete and sign only their own section, and only once the review is open and complete', async () => {
    // Not open yet; unknown week; a competency not of the programme; signing an empty section.
    expect((await t.http.put(`${my()}/8`).set(bearer(aina)).send(traineeSection).expect(400)).body.message).toMatch(/opens/);
    await t.http.get(`${my()}/5`).set(bearer(aina)).expect(400);
    const bad = await t.http
      .put(`${my()}/4`)
      .set(bearer(aina))
      .send({ ...traineeSection, competencies: ['Astronaut'] })
      .expect(400);
    expect(bad.body.errors.competencies).toMatch(/job roles/);
    expect((await t.http.post(`${my()}/4/sign`).set(bearer(aina)).expect(400)).body.message).toMatch(/Complete every field/);
    // The trainee's body has no supervisor or coach fields; the coach route refuses a student, and a staff member who does not coach her.
    await t.http
      .put(`${my()}/4`)
      .set(bearer(aina))
      .send({ ...traineeSection, rating: 'EXCEEDS' })
      .expect(400);
    await t.http.put(`${coachPath()}/4`).set(bearer(aina)).send(coachSection).expect(403);
    await t.http.put(`${coachPath()}/4`).set(bearer(otherStaff)).send(coachSection).expect(404);
    // An admin reads her reviews but is not her coach: the coach's section is not theirs to write or sign.
    await t.http.get(coachPath()).set(bearer(admin)).expect(200);
    expect((await t.http.put(`${coachPath()}/4`).set(bearer(admin)).send(coachSection).expect(403)).body.message).toMatch(/coach/);
    await t.http.post(`${coachPath()}/4/sign`).set(bearer(admin)).expect(403);

    const saved = OjtReviewResponseSchema.parse(
      (await t.http.put(`${my()}/4`).set(bearer(aina)).send(traineeSection).expect(200)).body,
    ).data;
    expect(saved.trainee).toEqual(traineeSection);
    const signed = OjtReviewResponseSchema.parse((await t.http.post(`${my()}/4/sign`).set(bearer(aina)).expect(200)).body).data;
    expect(signed.signatures).toMatchObject([{ party: 'TRAINEE', by: 'Aina Review' }]);
    expect(signed.state).not.toBe('COMPLETE');
  });

  it('keeps a signed section as signed: no change, no second signature, not even in the database', async () => {
    expect(
      (
        await t.http
          .put(`${my()}/4`)
          .set(bearer(aina))
          .send({ ...traineeSection, goals: 'Other' })
          .expect(409)
      ).body.message,
    ).toMatch(/signed/);
    await t.http.post(`${my()}/4/sign`).set(bearer(aina)).expect(409);
    await expect(t.ds.query(`UPDATE ojt_reviews SET trainee_section = '{}' WHERE review_week = 4`)).rejects.toThrow(
      /signed review section/,
    );
    await expect(t.ds.query(`UPDATE ojt_review_signatures SET by_name = 'Someone else'`)).rejects.toThrow(/append-only/);
    expect((await reviews())[0].trainee.goals).toBe(traineeSection.goals);
  });

  it('mails the supervisor a link that reaches only this review, and freezes only when all three have signed', async () => {
    const token = await mailedToken();
    await t.http
      .post('/api/placements/supervisor/review')
      .send({ token: `${token}x` })
      .expect(404);
    const seen = OjtReviewResponseSchema.parse(
      (await t.http.post('/api/placements/supervisor/review').send({ token }).expect(200)).body,
    ).data;
    expect(seen).toMatchObject({ week: 4, trainee_name: 'Aina Review', trainee: traineeSection });
    // The link writes the supervisor's section only: the trainee's fields are refused, and Badrul's review is untouched.
    await t.http
      .put('/api/placements/supervisor/review')
      .send({ token, section: { ...supervisorSection, goals: 'x' } })
      .expect(400);
    await t.http.put('/api/placements/supervisor/review').send({ token, section: supervisorSection }).expect(200);
    expect((await reviews(badrul, badrulPlacement))[0].supervisor).toEqual({ comments: '', rating: null });
    const views = await t.ds.query(`SELECT count(*)::int AS n FROM supervisor_link_views`);
    expect(views[0].n).toBeGreaterThanOrEqual(2);

    // The coach signs before the supervisor: two of three, not frozen, no PDF.
    await t.http.put(`${coachPath()}/4`).set(bearer(coach)).send(coachSection).expect(200);
    const two = OjtReviewResponseSchema.parse((await t.http.post(`${coachPath()}/4/sign`).set(bearer(coach)).expect(200)).body).data;
    expect(two).toMatchObject({ state: 'OVERDUE', sha256: null, frozen_at: null });
    await t.http.get(`${my()}/4/pdf`).set(bearer(aina)).expect(404);

    const done = OjtReviewResponseSchema.parse(
      (await t.http.post('/api/placements/supervisor/review/sign').send({ token }).expect(200)).body,
    ).data;
    expect(done.state).toBe('COMPLETE');
    expect(done.signatures.map((s) => [s.party, s.by])).toEqual([
      ['TRAINEE', 'Aina Review'],
      ['COACH', 'Cik Coach'],
      ['SUPERVISOR', 'Encik Rahman'],
    ]);
    expect(done.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The link is spent by the signature.
    expect((await t.http.post('/api/placements/supervisor/review').send({ token }).expect(410)).body.message).toMatch(/already been used/);
    const tab = (await t.http.get(`/api/cohorts/admin/${cohort}/placements/reviews`).set(bearer(admin)).expect(200)).body.data;
    expect(tab.find((p: { trainee: { id_slug: string } }) => p.trainee.id_slug === aina.id_slug).reviews[0]).toMatchObject({
      state: 'COMPLETE',
      signed: ['TRAINEE', 'COACH', 'SUPERVISOR'],
    });
  });

  it('records the PDF’s hash, which verifies at the public route; a wrong hash, an altered file or a tampered record does not', async () => {
    const r = (await reviews())[0];
    const file = (await getBytes(t, `${my()}/4/pdf`).set(bearer(aina)).expect(200).expect('Content-Type', 'application/pdf'))
      .body as Buffer;
    const sha = createHash('sha256').update(file).digest('hex');
    expect(sha).toBe(r.sha256);
    // The coach and an admin download the same file.
    expect((await getBytes(t, `${coachPath()}/4/pdf`).set(bearer(coach)).expect(200)).body).toEqual(file);
    expect((await getBytes(t, `${coachPath()}/4/pdf`).set(bearer(admin)).expect(200)).body).toEqual(file);
    const text = (await readPdf(file)).lines.join('\n');
    for (const s of [
      'OJT review: week 4',
      'Aina Review',
      traineeSection.goals,
      supervisorSection.comments,
      coachSection.actions,
      'Encik Rahman',
    ])
      expect(text).toContain(s);
    expect(text).toContain(`/verify/reviews/${r.id_slug}`);

    const v = OjtReviewVerificationSchema.parse((await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${sha}`).expect(200)).body);
    expect(v).toMatchObject({ week: 4, trainee_name: 'Aina Review', host_name: `Fab ${tag}`, sha256: sha });
    expect(v.signatures.map((s) => s.party)).toEqual(['TRAINEE', 'COACH', 'SUPERVISOR']);
    await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${sha.toUpperCase()}`).expect(200);

    const altered = Buffer.from(file);
    altered[altered.length - 20] ^= 1;
    await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${createHash('sha256').update(altered).digest('hex')}`).expect(404);
    await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${'0'.repeat(64)}`).expect(404);
    await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/not-a-hash`).expect(400);
    // The frozen record cannot be rewritten, and a stored file that no longer hashes to its record does not verify.
    await expect(t.ds.query(`UPDATE ojt_reviews SET pdf_sha256 = $1 WHERE id_slug = $2`, ['1'.repeat(64), r.id_slug])).rejects.toThrow(
      /frozen/,
    );
    await t.ds.query(`ALTER TABLE ojt_reviews DISABLE TRIGGER ojt_reviews_keep_signed`);
    try {
      await t.ds.query(`UPDATE ojt_reviews SET pdf = $1 WHERE id_slug = $2`, [altered, r.id_slug]);
      await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${sha}`).expect(404);
      await t.ds.query(`UPDATE ojt_reviews SET pdf = $1 WHERE id_slug = $2`, [file, r.id_slug]);
    } finally {
      await t.ds.query(`ALTER TABLE ojt_reviews ENABLE TRIGGER ojt_reviews_keep_signed`);
    }
    await t.http.get(`/api/ojt-reviews/verify/${r.id_slug}/${sha}`).expect(200);
  });

  it('keeps every review to its own people: other students, staff calls and other trainees’ reviews are out of reach', async () => {
    await t.http.get(my(badrul, ainaPlacement)).set(bearer(badrul)).expect(404);
    await t.http
      .get(`${my(badrul, ainaPlacement)}/4`)
      .set(bearer(badrul))
      .expect(404);
    await t.http
      .put(`${my(badrul, ainaPlacement)}/4`)
      .set(bearer(badrul))
      .send(traineeSection)
      .expect(404);
    await t.http
      .post(`${my(badrul, ainaPlacement)}/4/sign`)
      .set(bearer(badrul))
      .expect(404);
    await t.http
      .get(`${my(badrul, ainaPlacement)}/4/pdf`)
      .set(bearer(badrul))
      .expect(404);
    await t.http.get(coachPath()).set(bearer(badrul)).expect(403);
    await t.http.get(`${coachPath()}/4/pdf`).set(bearer(badrul)).expect(403);
    await t.http
      .post(`${coachPath(badrul)}/4/sign`)
      .set(bearer(badrul))
      .expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements/reviews`).set(bearer(badrul)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements/reviews`).set(bearer(coach)).expect(403);
    await t.http.get(coachPath()).set(bearer(otherStaff)).expect(404);
    await t.http.get(`${coachPath()}/4/pdf`).set(bearer(otherStaff)).expect(404);
    await t.http.get(coachPath()).expect(401);
    // The coach reaches both of their trainees.
    const his = OjtReviewsResponseSchema.parse((await t.http.get(coachPath(badrul)).set(bearer(coach)).expect(200)).body).data;
    expect(his[0]).toMatchObject({ trainee_name: 'Badrul Review', signatures: [] });
  });

  it('counts the host company’s reviews on time: signed by all three by their due day, out of those signed or past it', async () => {
    const host = (await t.http.get(`/api/host-companies/admin?search_query=RV-${tag}`).set(bearer(admin)).expect(200)).body.data[0];
    // Aina's week-4 review was signed after its due day (late); Badrul's, moved a week later, is not due yet: not counted.
    expect(host.figures).toMatchObject({ reviews_counted: 1, reviews_on_time: 0 });
    await t.http
      .put(`${my(badrul, badrulPlacement)}/4`)
      .set(bearer(badrul))
      .send(traineeSection)
      .expect(200);
    await t.http
      .post(`${my(badrul, badrulPlacement)}/4/sign`)
      .set(bearer(badrul))
      .expect(200);
    const token = await mailedToken();
    await t.http.put('/api/placements/supervisor/review').send({ token, section: supervisorSection }).expect(200);
    await t.http.post('/api/placements/supervisor/review/sign').send({ token }).expect(200);
    await t.http
      .put(`${coachPath(badrul)}/4`)
      .set(bearer(coach))
      .send(coachSection)
      .expect(200);
    await t.http
      .post(`${coachPath(badrul)}/4/sign`)
      .set(bearer(coach))
      .expect(200);
    const after = (await t.http.get(`/api/host-companies/admin/${host.id_slug}`).set(bearer(admin)).expect(200)).body.data;
    expect(after.figures).toMatchObject({ reviews_counted: 2, reviews_on_time: 1 });
  });
});
