import {
  CohortGradeLessonsResponseSchema,
  CohortTimelineResponseSchema,
  StudentScheduleResponseSchema,
  TimelinePreviewResponseSchema,
  TimelineSavedResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkInstructor, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz } from '../fixtures/grade-item.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The programme timeline: a course's date template dates a new cohort's items; moving the start is
 * previewed, then every dependent date moves in one save with one mail per student; rules count in
 * school days around holidays and the school's closures; one student's longer phase becomes their
 * extensions; the student reads their own schedule, nobody else's.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let aina: TestUser;
let badrul: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Timeline' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Timeline' });
});
afterAll(async () => t?.close());

const inbox = (to: string): Promise<{ subject: string; text: string }[]> =>
  t.ds.query(`SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

/** The timeline mails `to` has of one cohort, once there are `count` of them (or a minute has passed). */
async function timelineMails(to: string, cohortTitle: string, count: number) {
  const end = Date.now() + 60_000;
  for (;;) {
    const m = (await inbox(to)).filter((x) => x.subject === `Your dates in ${cohortTitle} have changed`);
    if (m.length >= count || Date.now() > end) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A course whose quiz is due two weeks into the Online phase at 23:59 and whose results open a school day later. */
async function templatedCourse() {
  const course = await makeCourse(t, admin, {
    title: `Timeline course ${++n}`,
    modules: [{ title: 'Basics', lessons: [{ title: `Etch check ${n}`, lesson_type: 'QUIZ' }] }],
  });
  const quiz = course.modules[0].lessons[0];
  await authorQuiz(t, admin, quiz.id_slug);
  await t.http
    .put(`/api/courses/admin/lessons/${quiz.id_slug}/date-template`)
    .set(bearer(admin))
    .send({
      open: { anchor: { kind: 'COHORT_START' }, offset: { amount: 0, unit: 'DAYS', at: '09:00' } },
      deadline: { anchor: { kind: 'PHASE_START', phase: 'ONLINE' }, offset: { amount: 2, unit: 'WEEKS', at: '23:59' } },
      late: null,
      result: { anchor: { kind: 'ITEM', item_key: 'deadline' }, offset: { amount: 1, unit: 'SCHOOL_DAYS', at: '09:00' } },
    })
    .expect(200);
  return { course, quiz };
}

/** A cohort starting on a Malaysian date (Monday 1 March 2027 unless told), its course linked. */
async function cohortOn(courseSlug: string, start = '2027-03-01T08:00:00+08:00') {
  const res = await t.http
    .post('/api/cohorts/admin/create/')
    .set(bearer(admin))
    .send({
      title: `Timeline cohort ${n}`,
      start_date: start,
      end_date: '2027-06-28T23:59:00+08:00',
      end_access_date: '2027-12-31T23:59:00+08:00',
      result_open_date: null,
      course_ids: [courseSlug],
    })
    .expect(201);
  return res.body.id_slug as string;
}

const timeline = async (cohort: string, as = admin) =>
  CohortTimelineResponseSchema.parse((await t.http.get(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(as)).expect(200)).body).data;
const entry = (tl: Awaited<ReturnType<typeof timeline>>, key: string) => tl.entries.find((e) => e.item_key === key)!;

describe('the programme timeline', { timeout: 120_000 }, () => {
  it("a course's date template dates a new cohort's items from its start, with each rule in words", async () => {
    const { course, quiz } = await templatedCourse();
    const template = (await t.http.get(`/api/courses/admin/lessons/${quiz.id_slug}/date-template`).set(bearer(admin)).expect(200)).body
      .data;
    expect(template).toMatchObject({ late: null, deadline: { anchor: { kind: 'PHASE_START', phase: 'ONLINE' } } });
    const cohort = await cohortOn(course.id_slug);
    const tl = await timeline(cohort);
    expect(tl.start_date).toBe('2027-03-01');
    expect(tl.phases.map((p) => [p.key, p.start_date, p.end_date])).toEqual([
      ['ONLINE', '2027-03-01', '2027-06-27'],
      ['OJT', '2027-06-28', '2027-10-17'],
      ['CAREER', '2027-10-18', '2027-12-16'],
    ]);
    expect(entry(tl, `grade:${quiz.id_slug}:deadline`)).toMatchObject({
      at: '2027-03-15T15:59:00.000Z',
      rule_text: 'Online start + 2 weeks at 23:59',
      phase: 'ONLINE',
    });
    // 16 March 2027 is a Tuesday: one school day after the 15th.
    expect(entry(tl, `grade:${quiz.id_slug}:result`)).toMatchObject({
      at: '2027-03-16T01:00:00.000Z',
      rule_text: `Etch check ${n} deadline + 1 school day at 09:00`,
    });
    expect(entry(tl, 'phase:OJT:start')).toMatchObject({ at: '2027-06-27T16:00:00.000Z', title: 'OJT starts' });
    // With its results back at the cohort's default (its end), ending the cohort before the quiz's deadline
    // would open them while it is open: refused under the end date on the cohort's form.
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline`)
      .set(bearer(admin))
      .send({ rules: [{ item_key: `grade:${quiz.id_slug}:result`, rule: null }] })
      .expect(200);
    const early = await t.http
      .patch(`/api/cohorts/admin/${cohort}/update`)
      .set(bearer(admin))
      .send({
        title: `Timeline cohort ${n}`,
        start_date: '2027-03-01T08:00:00+08:00',
        end_date: '2027-03-10T23:59:00+08:00',
        end_access_date: '2027-12-31T23:59:00+08:00',
      })
      .expect(400);
    expect(early.body.errors).toEqual({ end_date: `The result date cannot be before the deadline of "Etch check ${n}"` });
    // The Grade items tab shows the same dates: the timeline wrote them where every reader finds them.
    const items = CohortGradeLessonsResponseSchema.parse(
      (await t.http.get(`/api/cohorts/admin/${cohort}/grade-items`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(items[0].grade_item).toMatchObject({ deadline_datetime: expect.stringMatching(/^2027-03-15T15:59:00/) });
  });

  it('moving the start a week is previewed, then every dependent date moves at once and each student gets one mail', async () => {
    const { course, quiz } = await templatedCourse();
    const cohort = await cohortOn(course.id_slug);
    await enrol(t, admin, cohort, aina);
    await enrol(t, admin, cohort, badrul);

    const preview = TimelinePreviewResponseSchema.parse(
      (await t.http.post(`/api/cohorts/admin/${cohort}/timeline/preview`).set(bearer(admin)).send({ start_date: '2027-03-08' }).expect(200))
        .body,
    ).data;
    expect(preview.students_to_tell).toBe(2);
    expect(preview.moves.find((m) => m.item_key === `grade:${quiz.id_slug}:deadline`)).toMatchObject({
      before: '2027-03-15T15:59:00.000Z',
      after: '2027-03-22T15:59:00.000Z',
    });
    // A preview saves nothing.
    expect(entry(await timeline(cohort), `grade:${quiz.id_slug}:deadline`).at).toBe('2027-03-15T15:59:00.000Z');

    const saved = TimelineSavedResponseSchema.parse(
      (await t.http.put(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(admin)).send({ start_date: '2027-03-08' }).expect(200)).body,
    );
    expect(saved).toMatchObject({ moved: preview.moves.length, students_told: 2 });
    expect(entry(saved.data, `grade:${quiz.id_slug}:deadline`).at).toBe('2027-03-22T15:59:00.000Z');
    expect(entry(saved.data, `grade:${quiz.id_slug}:open`).at).toBe('2027-03-08T01:00:00.000Z');
    const [row] = await t.ds.query(`SELECT start_date, end_date FROM cohorts WHERE id_slug = $1`, [cohort]);
    expect(new Date(row.start_date).toISOString()).toBe('2027-03-08T00:00:00.000Z');
    expect(new Date(row.end_date).toISOString()).toBe('2027-07-05T15:59:00.000Z');

    const mine = await timelineMails(aina.email, `Timeline cohort ${n}`, 1);
    expect(mine).toHaveLength(1);
    expect(await timelineMails(badrul.email, `Timeline cohort ${n}`, 1)).toHaveLength(1);
    expect(mine[0].text).toContain(`Etch check ${n} deadline: Monday, 22 March 2027 at 23:59 (Malaysia time)`);
  });

  it('school days skip public holidays and the school’s closures; a loop of rules is refused naming its items', async () => {
    const { course, quiz } = await templatedCourse();
    // Deadline Friday 5 March; results one school day later: Monday 8 March.
    const cohort = await cohortOn(course.id_slug, '2027-02-19T08:00:00+08:00');
    expect(entry(await timeline(cohort), `grade:${quiz.id_slug}:result`).at).toBe('2027-03-08T01:00:00.000Z');
    const closure = await t.http
      .post('/api/timeline/admin/closures')
      .set(bearer(admin))
      .send({ from: '2027-03-08', to: '2027-03-08', title: 'Staff training days' })
      .expect(201);
    // Closed on Monday the 8th; the 9th and 10th are Hari Raya Aidilfitri: results on Thursday the 11th.
    expect(entry(await timeline(cohort), `grade:${quiz.id_slug}:result`).at).toBe('2027-03-11T01:00:00.000Z');
    const bad = await t.http
      .post('/api/timeline/admin/closures')
      .set(bearer(admin))
      .send({ from: '2027-03-09', to: '2027-03-08', title: 'Backwards' })
      .expect(400);
    expect(bad.body.errors).toEqual({ to: 'The closure must end on or after the day it starts' });
    const id = closure.body.data.find((c: { title: string }) => c.title === 'Staff training days').id_slug;
    await t.http.delete(`/api/timeline/admin/closures/${id}`).set(bearer(admin)).expect(200);
    expect(entry(await timeline(cohort), `grade:${quiz.id_slug}:result`).at).toBe('2027-03-08T01:00:00.000Z');

    const loop = await t.http
      .post(`/api/cohorts/admin/${cohort}/timeline/preview`)
      .set(bearer(admin))
      .send({
        rules: [
          {
            item_key: `grade:${quiz.id_slug}:deadline`,
            rule: { anchor: { kind: 'ITEM', item_key: `grade:${quiz.id_slug}:result` }, offset: { amount: -1, unit: 'DAYS' } },
          },
        ],
      })
      .expect(400);
    expect(loop.body.errors.rules).toMatch(/^These dates count from each other in a loop, so none of them can be worked out: /);
    // Results before the deadline are refused, naming the item.
    const early = await t.http
      .post(`/api/cohorts/admin/${cohort}/timeline/preview`)
      .set(bearer(admin))
      .send({
        rules: [
          { item_key: `grade:${quiz.id_slug}:result`, rule: { anchor: { kind: 'COHORT_START' }, offset: { amount: 1, unit: 'DAYS' } } },
        ],
      })
      .expect(400);
    expect(early.body.errors).toEqual({ rules: `The result date cannot be before the deadline of "Etch check ${n}"` });
  });

  it("one student's longer phase moves only their dates, as extensions, told to them alone", async () => {
    const { course, quiz } = await templatedCourse();
    // Results well after the deadline, so an extension fits before them.
    const cohort = await cohortOn(course.id_slug);
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline`)
      .set(bearer(admin))
      .send({
        rules: [
          {
            item_key: `grade:${quiz.id_slug}:result`,
            rule: { anchor: { kind: 'PHASE_END', phase: 'ONLINE' }, offset: { amount: 0, unit: 'DAYS', at: '09:00' } },
          },
        ],
      })
      .expect(200);
    // Aina's deadline counts from the Online phase's start: lengthening it does not move it; make it count from the end.
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline`)
      .set(bearer(admin))
      .send({
        rules: [
          {
            item_key: `grade:${quiz.id_slug}:deadline`,
            rule: { anchor: { kind: 'PHASE_END', phase: 'ONLINE' }, offset: { amount: -14, unit: 'DAYS', at: '23:59' } },
          },
        ],
      })
      .expect(200);
    await enrol(t, admin, cohort, aina);
    await enrol(t, admin, cohort, badrul);

    const body = { user_id_slug: aina.id_slug, phase: 'ONLINE', days: 7, reason: 'Medical leave' };
    const preview = TimelinePreviewResponseSchema.parse(
      (await t.http.post(`/api/cohorts/admin/${cohort}/timeline/shifts/preview`).set(bearer(admin)).send(body).expect(200)).body,
    ).data;
    expect(preview.moves.find((m) => m.item_key === `grade:${quiz.id_slug}:deadline`)).toMatchObject({
      before: '2027-06-13T15:59:00.000Z',
      after: '2027-06-20T15:59:00.000Z',
    });
    const saved = TimelineSavedResponseSchema.parse(
      (await t.http.put(`/api/cohorts/admin/${cohort}/timeline/shifts`).set(bearer(admin)).send(body).expect(200)).body,
    );
    expect(saved.students_told).toBe(1);
    expect(saved.data.shifts).toEqual([
      {
        user_id_slug: aina.id_slug,
        first_name: 'Aina',
        last_name: 'Timeline',
        phase: 'ONLINE',
        days: 7,
        reason: 'Medical leave',
        break_days: 0,
      },
    ]);
    const schedule = async (u: TestUser) =>
      StudentScheduleResponseSchema.parse(
        (await t.http.get(`/api/cohorts/${cohort}/user/${u.id_slug}/schedule`).set(bearer(u)).expect(200)).body,
      ).data;
    const deadlineOf = async (u: TestUser) => (await schedule(u)).entries.find((e) => e.kind === 'GRADE_DEADLINE')!;
    expect(await deadlineOf(aina)).toMatchObject({ at: '2027-06-20T15:59:00.000Z', own_date: true });
    expect(await deadlineOf(badrul)).toMatchObject({ at: '2027-06-13T15:59:00.000Z', own_date: false });
    expect((await schedule(aina)).phases[0]).toMatchObject({ end_date: '2027-07-04' });
    expect(await timelineMails(aina.email, `Timeline cohort ${n}`, 1)).toHaveLength(1);
    expect(await timelineMails(badrul.email, `Timeline cohort ${n}`, 0)).toHaveLength(0);

    // A reason is required; a shift past the item's results is refused; 0 days takes it away.
    const noReason = await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ ...body, reason: '' })
      .expect(400);
    expect(noReason.body.errors).toEqual({ reason: 'Say why this student’s phase is longer' });
    const tooLong = await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ ...body, days: 30 })
      .expect(400);
    expect(tooLong.body.errors).toEqual({ days: `The result date cannot be before the end of a student's extension on "Etch check ${n}"` });
    await t.http
      .put(`/api/cohorts/admin/${cohort}/timeline/shifts`)
      .set(bearer(admin))
      .send({ ...body, days: 0 })
      .expect(200);
    expect(await deadlineOf(aina)).toMatchObject({ at: '2027-06-13T15:59:00.000Z', own_date: false });
  });

  it('staff of other cohorts, students and instructors reach only what is theirs', async () => {
    const { course } = await templatedCourse();
    const cohort = await cohortOn(course.id_slug);
    await enrol(t, admin, cohort, aina);
    await linkInstructor(t, admin, cohort, teacher);
    await timeline(cohort, teacher);
    await t.http.get(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(outsider)).expect(404);
    await t.http.get(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(aina)).expect(403);
    await t.http.put(`/api/cohorts/admin/${cohort}/timeline`).set(bearer(teacher)).send({ start_date: '2027-03-08' }).expect(403);
    await t.http
      .post('/api/timeline/admin/closures')
      .set(bearer(teacher))
      .send({ from: '2027-03-08', to: '2027-03-08', title: 'x' })
      .expect(403);
    await t.http.get(`/api/cohorts/${cohort}/user/${aina.id_slug}/schedule`).set(bearer(badrul)).expect(404);
    await t.http.get(`/api/cohorts/${cohort}/user/${badrul.id_slug}/schedule`).set(bearer(badrul)).expect(404);
    await t.http.get(`/api/cohorts/${cohort}/user/${aina.id_slug}/schedule`).set(bearer(admin)).expect(200);
    const unknown = await t.http
      .post(`/api/cohorts/admin/${cohort}/timeline/preview`)
      .set(bearer(admin))
      .send({ rules: [{ item_key: 'grade:nothing:deadline', rule: null }] })
      .expect(400);
    expect(unknown.body.errors).toEqual({ rules: 'This date is not in the cohort’s timeline' });
  });
});
