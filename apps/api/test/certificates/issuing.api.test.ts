import { SCHOOL_NAME } from '@school/contracts';
import { gunzipSync } from 'node:zlib';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificatesService, EVALUATE_CERTIFICATES_JOB } from '../../src/modules/certificates/certificates.service';
import { GradingService } from '../../src/modules/grading/grading.service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { linkNewCertificate } from '../fixtures/admin.fixtures';
import { setGradeItem } from '../fixtures/grade-item.fixtures';
import { buildCohort, buildCourse, enrolStudent } from '../fixtures/learning.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { SIX_KINDS } from '../fixtures/quiz.fixtures';
import { scanQrCodes } from '../pdf-qr';
import { readPdf } from '../pdf-text';
import { bearer, createTestApp, createUser, getBytes, type TestApp, type TestUser } from '../test-app';

const WEB_ORIGIN = 'http://site.example.test';
/** Tests where many students study, hand in and are graded (or PDFs are drawn) over HTTP: slow on a busy machine. */
const MANY_STUDENTS_MS = 180_000;
let t: TestApp;
let admin: TestUser;
let service: CertificatesService;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN, DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  service = t.app.get(CertificatesService);
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

/** What a student hands in for a project. */
const handIn = () => makeZip([{ name: 'wafer/report.md', data: '# Wafer report' }]);

/**
 * A cohort teaching six lessons (four readings, two projects) with two grade items: the first
 * project mandatory and weighted 60, the second optional and weighted 40; one certificate linked.
 * All made through the admin's calls; students study, hand in and are graded through theirs.
 */
async function setup() {
  n++;
  const course = await buildCourse(t, admin, {
    title: `Wafer course ${n}`,
    modules: [
      {
        title: 'M1',
        lessons: [
          { title: 'R1', type: 'READING' },
          { title: 'R2', type: 'READING' },
          { title: 'R3', type: 'READING' },
          { title: 'R4', type: 'READING' },
          { title: 'P1', type: 'PROJECT' },
          { title: 'P2', type: 'PROJECT' },
        ],
      },
    ],
  });
  const cohort = await buildCohort(t, admin, `Wafer cohort ${n}`, [course.id_slug]);
  const items = {
    p1: { lesson: course.lessons.P1.id_slug, settings: { is_mandatory: true, grade_percentage: 60 } },
    p2: { lesson: course.lessons.P2.id_slug, settings: { is_mandatory: false, grade_percentage: 40 } },
  };
  /** Sets an item's result date (null: results show once graded), keeping its other settings. */
  const resultDate = (item: 'p1' | 'p2', at: string | null) =>
    setGradeItem(t, admin, cohort.id_slug, items[item].lesson, { ...items[item].settings, result_open_datetime: at });
  for (const item of ['p1', 'p2'] as const) await resultDate(item, null);
  const cert = await linkNewCertificate(t, admin, cohort.id_slug, `Wafer certificate ${n}`);
  const lessons = ['R1', 'R2', 'R3', 'R4', 'P1', 'P2'].map((title) => course.lessons[title]);
  const student = async (names: { first_name?: string; last_name?: string } = {}) => {
    const u = await createUser(t, names);
    await enrolStudent(t, admin, cohort.id_slug, u);
    return u;
  };
  const submissions = new Map<string, string>();
  /** The student hands the project in once (which completes its lesson); answers the submission. */
  const submit = async (u: TestUser, lesson: { id_slug: string }) => {
    const key = `${u.id_slug}:${lesson.id_slug}`;
    if (!submissions.has(key)) {
      const res = await t.http
        .post(`/api/cohorts/${cohort.id_slug}/lessons/${lesson.id_slug}/project/submission`)
        .set(bearer(u))
        .attach('file', handIn(), 'report.zip');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      submissions.set(key, res.body.data.submission.id_slug);
    }
    return submissions.get(key)!;
  };
  /** The student completes `count` lessons: the projects first (handed in), then the readings (marked complete). */
  const complete = async (u: TestUser, count: number) => {
    for (const lesson of [course.lessons.P1, course.lessons.P2, ...lessons.slice(0, 4)].slice(0, count)) {
      if (lesson === course.lessons.P1 || lesson === course.lessons.P2) await submit(u, lesson);
      else
        await t.http
          .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete`)
          .set(bearer(u))
          .send({ user_id_slug: u.id_slug, lesson_id_slug: lesson.id_slug })
          .expect(200);
    }
  };
  /**
   * The admin grades the student's hand-in (handing it in first if need be). Unreleased: graded
   * while the item's results are still to come (its result date moved to next month).
   */
  const grade = async (u: TestUser, item: 'p1' | 'p2', value: number, released = true) => {
    const submission = await submit(u, { id_slug: items[item].lesson });
    await resultDate(item, released ? null : new Date(Date.now() + 30 * 86_400_000).toISOString());
    await t.http.put(`/api/grading/submissions/${submission}/grade`).set(bearer(admin)).send({ user_grade: value }).expect(200);
  };
  /** An admin suspends (or, `back`, reinstates) the student's enrolment; neither queues an evaluation. */
  const suspend = (u: TestUser, back = false) =>
    t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
      .set(bearer(admin))
      .send({ user_id_slug: u.id_slug, enrolment_status: back ? 'ACTIVE' : 'SUSPENDED' })
      .expect(200);
  /** Until the evaluations the hand-ins and grades queued have run. */
  const settled = () =>
    until('the queued evaluations to run', async () => {
      const waiting = await t.ds.query(
        `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2 AND state::text IN ('created', 'retry', 'active')`,
        [EVALUATE_CERTIFICATES_JOB, String(cohort.id)],
      );
      return waiting.length === 0;
    });
  /**
   * The student does all the work and is graded while their enrolment is paused, so that the
   * product's own evaluations (queued by each hand-in and grade) issue nothing; once those have
   * run, the admin reinstates them: then they meet the rules, and only an evaluation run by the test issues.
   */
  const earnWhilePaused = async (u: TestUser, work: () => Promise<void>) => {
    await complete(u, 6);
    await suspend(u);
    await work();
    await settled();
    await suspend(u, true);
  };
  const rules = (body: object) =>
    t.http.put(`/api/cohorts/admin/${cohort.id_slug}/certificates/${cert}/rules`).set(bearer(admin)).send(body);
  const issuedTo = async (u: TestUser) =>
    (
      await t.ds.query(
        `SELECT uc.progress, uc.credential_id, uc.completion_date FROM user_certificates uc
          WHERE uc.user_id = $1 AND uc.cohort_id = $2`,
        [u.id, cohort.id],
      )
    )[0] as { progress: string; credential_id: string | null; completion_date: Date } | undefined;
  return {
    cohort,
    cert,
    student,
    complete,
    grade,
    suspend,
    settled,
    earnWhilePaused,
    rules,
    issuedTo,
    evaluate: () => service.issueEarned(cohort.id),
    lessons,
  };
}

describe('the default rules: every lesson, every mandatory item graded, a weighted total of 50', () => {
  it(
    'issues only to the students who meet all three',
    async () => {
      const s = await setup();
      const below = await s.student();
      await s.complete(below, 6);
      await s.grade(below, 'p1', 80); // 60 * 80 / 100 = 48: below 50
      const fewLessons = await s.student();
      await s.complete(fewLessons, 5);
      await s.grade(fewLessons, 'p1', 100);
      await s.grade(fewLessons, 'p2', 100);
      const unreleased = await s.student();
      await s.complete(unreleased, 6);
      await s.grade(unreleased, 'p2', 100);
      const missingMandatory = await s.student();
      await s.complete(missingMandatory, 6);
      await s.grade(missingMandatory, 'p2', 100);
      // Suspended after the lessons, graded while suspended.
      const suspended = await s.student();
      await s.complete(suspended, 6);
      await s.suspend(suspended);
      await s.grade(suspended, 'p1', 100);
      // Paused while graded (the product's own evaluations then issue nothing), reinstated last.
      const passes = await s.student();
      await s.complete(passes, 6);
      await s.suspend(passes);
      await s.grade(passes, 'p1', 80);
      await s.grade(passes, 'p2', 10); // (60 * 80 + 40 * 10) / 100 = 52
      // Graded last, while P1's results are still to come.
      await s.grade(unreleased, 'p1', 100, false);
      await s.settled();
      await s.suspend(passes, true);

      expect(await s.evaluate()).toBe(1);
      for (const u of [below, fewLessons, unreleased, missingMandatory, suspended]) expect(await s.issuedTo(u)).toBeUndefined();
      const issued = (await s.issuedTo(passes))!;
      expect(issued.progress).toBe('COMPLETED');
      expect(issued.credential_id).toMatch(/^[0-9a-f]{32}$/);

      // The learner view says what is still missing.
      const view = await t.http.get(`/api/cohorts/${s.cohort.id_slug}/user/${fewLessons.id_slug}/`).set(bearer(fewLessons)).expect(200);
      expect(view.body.data.certificates_part[0]).toMatchObject({
        user_certificate: null,
        requirements: {
          lessons_percent: 83.33,
          min_lessons_percent: 100,
          require_mandatory_graded: true,
          missing_mandatory: 0,
          weighted_total: 100,
          min_weighted_total: 50,
        },
      });
      const mine = await t.http.get(`/api/cohorts/${s.cohort.id_slug}/user/${passes.id_slug}/`).set(bearer(passes)).expect(200);
      expect(mine.body.data.certificates_part[0].user_certificate.progress).toBe('COMPLETED');
    },
    MANY_STUDENTS_MS,
  );

  it('answers the defaults for a newly linked certificate', async () => {
    const s = await setup();
    const res = await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/certificate-rules`).set(bearer(admin)).expect(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({
        certificate_id_slug: s.cert,
        min_lessons_percent: 100,
        require_mandatory_graded: true,
        min_weighted_total: 50,
      }),
    ]);
  });
});

describe('each threshold', () => {
  it('a percentage of lessons', async () => {
    const s = await setup();
    await s.rules({ min_lessons_percent: 80, require_mandatory_graded: true, min_weighted_total: 50 }).expect(200);
    const five = await s.student();
    await s.complete(five, 5); // 83.33%
    await s.grade(five, 'p1', 100);
    const four = await s.student();
    await s.complete(four, 4); // 66.67%
    await s.grade(four, 'p1', 100);
    await s.evaluate();
    expect((await s.issuedTo(five))?.progress).toBe('COMPLETED');
    expect(await s.issuedTo(four)).toBeUndefined();
  });

  it('mandatory items need not all be graded when the rule is off', async () => {
    const s = await setup();
    const u = await s.student();
    await s.complete(u, 6);
    await s.grade(u, 'p2', 100); // weighted 40, the mandatory item ungraded
    await s.rules({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 30 }).expect(200);
    await s.evaluate();
    expect(await s.issuedTo(u)).toBeUndefined();
    await s.rules({ min_lessons_percent: 100, require_mandatory_graded: false, min_weighted_total: 30 }).expect(200);
    await s.evaluate();
    expect((await s.issuedTo(u))?.progress).toBe('COMPLETED');
  });

  it('a minimum weighted total', async () => {
    const s = await setup();
    const u = await s.student();
    await s.complete(u, 6);
    await s.grade(u, 'p1', 80); // 48
    await s.rules({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 48.01 }).expect(200);
    await s.evaluate();
    expect(await s.issuedTo(u)).toBeUndefined();
    await s.rules({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 48 }).expect(200);
    await s.evaluate();
    expect((await s.issuedTo(u))?.progress).toBe('COMPLETED');
  });

  it('refuses rules out of range, and a certificate not linked to the cohort', async () => {
    const s = await setup();
    await s.rules({ min_lessons_percent: 101, require_mandatory_graded: true, min_weighted_total: 50 }).expect(400);
    await s.rules({ min_lessons_percent: 100, require_mandatory_graded: 'yes', min_weighted_total: 50 }).expect(400);
    await t.http
      .put(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/nope/rules`)
      .set(bearer(admin))
      .send({ min_lessons_percent: 100, require_mandatory_graded: true, min_weighted_total: 50 })
      .expect(404);
  });
});

describe('credentials', () => {
  // That a certificate completed by any writer (an import) gets a credential is the database's guarantee:
  // test/database/credential-trigger.api.test.ts writes such rows itself.
  it(
    'are unique per certificate and distinct from its record id',
    async () => {
      const s = await setup();
      const ids = new Set<string>();
      for (let i = 0; i < 5; i++) {
        const u = await s.student();
        await s.complete(u, 6);
        await s.grade(u, 'p1', 100);
      }
      await s.evaluate();
      for (const r of await t.ds.query(`SELECT uc.credential_id, uc.id_slug FROM user_certificates uc WHERE uc.cohort_id = $1`, [
        s.cohort.id,
      ])) {
        expect(r.credential_id).not.toBe(r.id_slug);
        ids.add(r.credential_id);
      }
      expect(ids.size).toBe(5);
    },
    MANY_STUDENTS_MS,
  );

  it(
    'draw their status list indexes at random, so indexes tell neither the order nor the number issued',
    async () => {
      const s = await setup();
      for (let i = 0; i < 12; i++) {
        const u = await s.student();
        await s.complete(u, 6);
        await s.grade(u, 'p1', 100);
      }
      // One set-based statement issues all twelve.
      await s.evaluate();
      const indexes: number[] = (
        await t.ds.query(
          `SELECT cr.status_index FROM certificate_credentials cr JOIN user_certificates uc ON uc.id = cr.user_certificate_id
          WHERE uc.cohort_id = $1 ORDER BY cr.issued_at, cr.status_index`,
          [s.cohort.id],
        )
      ).map((r: { status_index: number }) => r.status_index);
      expect(indexes).toHaveLength(12);
      expect(new Set(indexes).size).toBe(12);
      for (const i of indexes) expect(i >= 0 && i < 131_072).toBe(true);
      // A sequence would hand out a run of neighbours; twelve random draws from 131,072 (almost) never are.
      const sorted = [...indexes].sort((a, b) => a - b);
      expect(sorted[11] - sorted[0]).toBeGreaterThan(11);
    },
    MANY_STUDENTS_MS,
  );
});

describe('issuing is idempotent', () => {
  it('a second run (and two at once) issue nothing more', async () => {
    const s = await setup();
    const u = await s.student();
    await s.earnWhilePaused(u, () => s.grade(u, 'p1', 100));
    const runs = await Promise.all([s.evaluate(), s.evaluate()]);
    expect(runs.sort()).toEqual([0, 1]);
    const first = (await s.issuedTo(u))!;
    expect(await s.evaluate()).toBe(0);
    expect(await s.issuedTo(u)).toEqual(first);
    const creds = await t.ds.query(
      `SELECT 1 FROM certificate_credentials cr JOIN user_certificates uc ON uc.id = cr.user_certificate_id WHERE uc.user_id = $1`,
      [u.id],
    );
    expect(creds).toHaveLength(1);
    // One notice, however often the job runs.
    const mails = await t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data::text LIKE $1`, [`%certificate:%`]);
    const [{ email }] = await t.ds.query(`SELECT email FROM users WHERE id = $1`, [u.id]);
    expect(mails.length).toBeGreaterThan(0);
    // Of the student's mails (their graded hand-in was announced too), the certificate's.
    const mine = await t.ds.query(
      `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data::text LIKE $1 AND data::text LIKE $2`,
      [`%${email}%`, `%certificate:%`],
    );
    expect(mine).toHaveLength(1);
  });
});

describe('the job', () => {
  it('is queued once per cohort when a lesson is completed, and issues the certificate', async () => {
    const s = await setup();
    const u = await s.student();
    const last = s.lessons[3]; // R4, a reading: the student marks it
    await s.complete(u, 5); // every lesson but R4
    await s.grade(u, 'p1', 100);
    expect(await s.issuedTo(u)).toBeUndefined();
    await t.http
      .patch(`/api/cohorts/admin/${s.cohort.id_slug}/mark-lesson-complete`)
      .set(bearer(u))
      .send({ user_id_slug: u.id_slug, lesson_id_slug: last.id_slug })
      .expect(200);
    const issued = await until('the certificate to be issued', () => s.issuedTo(u));
    expect(issued.progress).toBe('COMPLETED');
    const jobs = await t.ds.query(`SELECT singleton_key FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2`, [
      EVALUATE_CERTIFICATES_JOB,
      String(s.cohort.id),
    ]);
    expect(jobs.map((j: { singleton_key: string }) => j.singleton_key)).toContain(`cohort:${s.cohort.id}`);
  });

  it('is queued when a certificate is linked: one linked after the work was done issues without waiting for the sweep', async () => {
    const s = await setup();
    const u = await s.student();
    await s.earnWhilePaused(u, async () => {
      await s.grade(u, 'p1', 100);
    });
    const later = await linkNewCertificate(t, admin, s.cohort.id_slug, `Linked later ${Date.now()}`);
    const issued = await until('the certificate linked later to be issued', async () => {
      const [row] = await t.ds.query(
        `SELECT uc.progress FROM user_certificates uc JOIN certificates ce ON ce.id = uc.certificate_id
          WHERE uc.user_id = $1 AND uc.cohort_id = $2 AND ce.id_slug = $3`,
        [u.id, s.cohort.id, later],
      );
      return row as { progress: string } | undefined;
    });
    expect(issued.progress).toBe('COMPLETED');
  });

  it('coalesces the evaluations of one cohort waiting to run', async () => {
    const s = await setup();
    await t.ds.transaction(async (m) => {
      await service.queueEvaluation(m, [s.cohort.id, s.cohort.id]);
      await service.queueEvaluation(m, [s.cohort.id]);
    });
    const jobs = await t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2`, [
      EVALUATE_CERTIFICATES_JOB,
      String(s.cohort.id),
    ]);
    expect(jobs).toHaveLength(1);
  });
});

describe('the job after a release', () => {
  it('is queued for the cohort of each grade released at its result date', async () => {
    const s = await setup();
    const u = await s.student();
    await s.grade(u, 'p1', 90, false);
    // The hand-in and the grade queued evaluations of their own: counted are the ones queued once they have run.
    const evaluations = (states: string[]) =>
      t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2 AND state::text = ANY($3::text[])`, [
        EVALUATE_CERTIFICATES_JOB,
        String(s.cohort.id),
        states,
      ]);
    await until('the earlier evaluations to run', async () => (await evaluations(['created', 'retry', 'active'])).length === 0);
    const [{ since }] = await t.ds.query(`SELECT now() AS since`);
    const jobs = () =>
      t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2 AND created_on > $3`, [
        EVALUATE_CERTIFICATES_JOB,
        String(s.cohort.id),
        since,
      ]);
    expect(await jobs()).toHaveLength(0);
    // The result date comes (time moved): the grade is due for release.
    await t.ds.query(`UPDATE cohort_grades SET result_open_datetime = now() - interval '1 minute' WHERE cohort_id = $1`, [s.cohort.id]);
    await t.app.get(GradingService).releaseDue();
    expect(await jobs()).toHaveLength(1);
  });
});

describe('the job after a quiz', () => {
  it('is queued when a student submits a quiz attempt', async () => {
    const course = await buildCourse(t, admin, {
      title: 'Quiz course',
      modules: [{ title: 'M', lessons: [{ title: 'Q', type: 'QUIZ' }] }],
    });
    const cohort = await buildCohort(t, admin, 'Quiz cohort', [course.id_slug]);
    const quiz = course.lessons.Q;
    await t.http
      .put(`/api/quizzes/admin/lessons/${quiz.id_slug}/`)
      .set(bearer(admin))
      .send({
        time_limit_minutes: 30,
        attempts_allowed: 1,
        pass_mark_percentage: 50,
        shuffle_questions: false,
        shuffle_options: false,
        draw_count: null,
        questions: SIX_KINDS,
      })
      .expect(200);
    await setGradeItem(t, admin, cohort.id_slug, quiz.id_slug, { grade_percentage: 20 });
    const u = await createUser(t);
    await enrolStudent(t, admin, cohort.id_slug, u);
    const jobs = () =>
      t.ds.query(`SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'cohort_id' = $2`, [
        EVALUATE_CERTIFICATES_JOB,
        String(cohort.id),
      ]);
    const started = await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${quiz.id_slug}/start/`).set(bearer(u)).expect(200);
    expect(await jobs()).toHaveLength(0);
    await t.http.post(`/api/quizzes/sessions/${started.body.session_id_slug}/submit/`).set(bearer(u)).expect(200);
    expect(await jobs()).toHaveLength(1);
  });
});

describe('issuing and revoking by hand', () => {
  it('issues with a reason, revokes with a reason, and reissues with a new credential', async () => {
    const s = await setup();
    const u = await s.student();
    const issue = (body: object, who = admin) =>
      t.http.post(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${s.cert}/issue`).set(bearer(who)).send(body);
    expect((await issue({ user_id_slug: u.id_slug, reason: ' ' }).expect(400)).body.errors.reason).toBe('A reason is required');
    const outsider = await createUser(t);
    await issue({ user_id_slug: outsider.id_slug, reason: 'Exempted' }).expect(404);
    const issued = (await issue({ user_id_slug: u.id_slug, reason: 'Prior learning recognised' }).expect(201)).body;
    expect(issued).toMatchObject({ state: 'ISSUED', issue_reason: 'Prior learning recognised', user_id_slug: u.id_slug, revoked_at: null });
    expect((await issue({ user_id_slug: u.id_slug, reason: 'Again' }).expect(409)).body.message).toBe(
      'This certificate is already issued to the student',
    );

    const revoke = (id: string, body: object, who = admin) =>
      t.http.post(`/api/certificates/admin/credentials/${id}/revoke`).set(bearer(who)).send(body);
    await revoke(issued.credential_id, {}).expect(400);
    const revoked = (await revoke(issued.credential_id, { reason: 'Academic misconduct' }).expect(200)).body;
    expect(revoked).toMatchObject({ state: 'REVOKED', revoke_reason: 'Academic misconduct' });
    expect(revoked.revoked_at).toEqual(expect.any(String));
    await revoke(issued.credential_id, { reason: 'Twice' }).expect(409);
    await revoke('0000000000000000000000000000dead', { reason: 'Unknown' }).expect(404);
    expect((await s.issuedTo(u))?.progress).toBe('REVOKED');

    // The job does not issue a revoked certificate again, even when the student meets the rules.
    await s.complete(u, 6);
    await s.grade(u, 'p1', 100);
    expect(await s.evaluate()).toBe(0);
    expect((await s.issuedTo(u))?.progress).toBe('REVOKED');

    const again = (await issue({ user_id_slug: u.id_slug, reason: 'Appeal upheld' }).expect(201)).body;
    expect(again.credential_id).not.toBe(issued.credential_id);
    // The student is told of the reissued certificate as of the first one: two "ready" mails through SMTP.
    const ready = () =>
      t.ds.query(`SELECT subject FROM dev_mailbox_messages WHERE mail_to = $1 AND subject LIKE 'Your certificate is ready:%'`, [u.email]);
    await until('the reissue mail', async () => (await ready()).length >= 2);
    // Evaluating again sends nothing more for the same credential.
    await s.evaluate();
    await until('the mail queue to empty', async () => {
      const [{ waiting }] = await t.ds.query(
        `SELECT count(*)::int AS waiting FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND state IN ('created', 'retry', 'active')`,
      );
      return waiting === 0;
    });
    expect(await ready()).toHaveLength(2);
    const verify = (id: string) => t.http.get(`/api/certificates/verify/${id}`);
    expect((await verify(issued.credential_id).expect(200)).body.status).toBe('REVOKED');
    expect((await verify(again.credential_id).expect(200)).body.status).toBe('VALID');

    const list = await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates`).set(bearer(admin)).expect(200);
    expect(list.body.count).toBe(2);
    const onlyRevoked = await t.http
      .get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates?state=REVOKED`)
      .set(bearer(admin))
      .expect(200);
    expect(onlyRevoked.body.data.map((c: { credential_id: string }) => c.credential_id)).toEqual([issued.credential_id]);
    const csv = await t.http
      .get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates/export?state=ISSUED`)
      .set(bearer(admin))
      .expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.startsWith('\uFEFF"')).toBe(true);
    expect(csv.text).toContain(again.credential_id);
    expect(csv.text).toContain('Appeal upheld');
    expect(csv.text).not.toContain(issued.credential_id);
    await t.http.get(`/api/cohorts/admin/missing/issued-certificates`).set(bearer(admin)).expect(404);
  });
});

describe('authorisation', () => {
  it('students and instructors cannot set rules, list, export, issue or revoke', async () => {
    const s = await setup();
    const u = await s.student();
    await s.complete(u, 6);
    await s.grade(u, 'p1', 100);
    await s.evaluate();
    const credential = (await s.issuedTo(u))!.credential_id!;
    const instructor = await createUser(t, { role: 'INSTRUCTOR' });
    for (const who of [u, instructor]) {
      await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/certificate-rules`).set(bearer(who)).expect(403);
      await t.http
        .put(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${s.cert}/rules`)
        .set(bearer(who))
        .send({ min_lessons_percent: 0, require_mandatory_graded: false, min_weighted_total: 0 })
        .expect(403);
      await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates`).set(bearer(who)).expect(403);
      await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates/export`).set(bearer(who)).expect(403);
      await t.http
        .post(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${s.cert}/issue`)
        .set(bearer(who))
        .send({ user_id_slug: who.id_slug, reason: 'Self-issued' })
        .expect(403);
      await t.http.post(`/api/certificates/admin/credentials/${credential}/revoke`).set(bearer(who)).send({ reason: 'x' }).expect(403);
    }
    await t.http.get(`/api/cohorts/admin/${s.cohort.id_slug}/issued-certificates`).expect(401);
    expect((await s.issuedTo(u))?.progress).toBe('COMPLETED');
  });
});

describe('GET /api/certificates/verify/:credentialId', () => {
  it('shows, without a login, only the name, what was achieved, when and the issuer', async () => {
    const s = await setup();
    const u = await s.student({ first_name: 'Mei Ling', last_name: 'Tan' });
    await s.complete(u, 6);
    await s.grade(u, 'p1', 100);
    await s.evaluate();
    const credential = (await s.issuedTo(u))!.credential_id!;
    const res = await t.http.get(`/api/certificates/verify/${credential}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['certificate_title', 'cohort_title', 'credential_id', 'holder_name', 'issued_at', 'issuer', 'revoked_at', 'status'].sort(),
    );
    expect(res.body).toMatchObject({
      status: 'VALID',
      holder_name: 'Mei Ling Tan',
      certificate_title: `Wafer certificate ${n}`,
      cohort_title: `Wafer cohort ${n}`,
      issuer: [SCHOOL_NAME],
      revoked_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(u.email);
    expect(JSON.stringify(res.body)).not.toContain(u.id_slug);
    const unknown = await t.http.get(`/api/certificates/verify/ffffffffffffffffffffffffffffffff`).expect(404);
    expect(unknown.body.message).toBe('Credential not found');
  });
});

describe('the certificate document', () => {
  const fetchPdf = async (url: string) => (await getBytes(t, url).expect(200)).body as Buffer;

  it(
    'prints the credential id, the verification address and names in any script',
    async () => {
      const s = await setup();
      for (const [first_name, last_name, printed] of [
        ['美玲', '陈', '美玲 陈'],
        ['சுரேஷ்', 'குமார்', 'சுேரஷ் குமார்'],
      ] as const) {
        const u = await s.student({ first_name, last_name });
        const issued = (
          await t.http
            .post(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${s.cert}/issue`)
            .set(bearer(admin))
            .send({ user_id_slug: u.id_slug, reason: 'Test of scripts' })
            .expect(201)
        ).body;
        const doc = await t.http
          .get(`/api/cohorts/${s.cohort.id_slug}/certificates/${s.cert}/user/${u.id_slug}/document`)
          .set(bearer(u))
          .expect(200);
        const pdf = await fetchPdf(doc.body.url);
        const { lines } = await readPdf(pdf);
        expect(lines).toContain(printed);
        expect(lines).toContain(`Credential ID ${issued.credential_id}`);
        expect(lines).toContain(`Verify at ${WEB_ORIGIN}/verify/${issued.credential_id}`);
        // Scanned, its QR code opens this credential's verification page, which vouches for the holder.
        const scans = await scanQrCodes(pdf);
        expect(scans).toEqual([`${WEB_ORIGIN}/verify/${issued.credential_id}`]);
        const [scanned] = scans;
        const verified = await t.http.get(`/api/certificates/verify/${new URL(scanned).pathname.split('/').pop()}`).expect(200);
        expect(verified.body).toMatchObject({ status: 'VALID', holder_name: `${first_name} ${last_name}` });
        // The downloaded file is named with the whole name, Tamil vowel signs (combining marks) included,
        // beside an ASCII name for clients that read no other.
        const download = await t.http.get(doc.body.download_url).buffer(true).expect(200);
        const disposition = download.headers['content-disposition'] as string;
        const [, ascii, utf8] = /^attachment; filename="([\x20-\x7e]+)"; filename\*=UTF-8''(\S+)$/.exec(disposition)!;
        expect(decodeURIComponent(utf8)).toMatch(new RegExp(` - ${first_name} ${last_name}\\.pdf$`));
        expect(ascii).toMatch(/ - _ _\.pdf$/);
      }
    },
    MANY_STUDENTS_MS,
  );

  it('is no longer served once revoked', async () => {
    const s = await setup();
    const u = await s.student();
    const issued = (
      await t.http
        .post(`/api/cohorts/admin/${s.cohort.id_slug}/certificates/${s.cert}/issue`)
        .set(bearer(admin))
        .send({ user_id_slug: u.id_slug, reason: 'Granted' })
        .expect(201)
    ).body;
    const path = `/api/cohorts/${s.cohort.id_slug}/certificates/${s.cert}/user/${u.id_slug}/document`;
    const tab = async () =>
      (await t.http.get(`/api/cohorts/${s.cohort.id_slug}/user/${u.id_slug}/`).set(bearer(u)).expect(200)).body.data.certificates_part[0]
        .user_certificate;
    await t.http.get(path).set(bearer(u)).expect(200);
    expect((await tab()).progress).toBe('COMPLETED');
    await t.http
      .post(`/api/certificates/admin/credentials/${issued.credential_id}/revoke`)
      .set(bearer(admin))
      .send({ reason: 'Error' })
      .expect(200);
    await t.http.get(path).set(bearer(u)).expect(404);
    // The student's Certifications tab reads it as revoked, not as a completed certificate to download.
    expect((await tab()).progress).toBe('REVOKED');
    await t.http.get(path).set(bearer(admin)).expect(404);
  });
});

describe('Open Badges 3.0', () => {
  it('signs each credential as a VC-JWT with an Ed25519 key published at a well-known URL, and revokes it through a status list', async () => {
    const s = await setup();
    const u = await s.student({ first_name: 'Suresh', last_name: 'Kumar' });
    await s.complete(u, 6);
    await s.grade(u, 'p1', 100);
    await s.evaluate();
    const credential = (await s.issuedTo(u))!.credential_id!;

    const jwks = (await t.http.get('/.well-known/jwks.json').expect(200)).body;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect((await t.http.get('/api/certificates/issuer/jwks').expect(200)).body).toEqual(jwks);
    const keys = createLocalJWKSet(jwks);

    const badge = await t.http.get(`/api/certificates/credentials/${credential}/badge`).expect(200);
    expect(badge.headers['content-type']).toMatch(/^application\/vc\+jwt/);
    expect(decodeProtectedHeader(badge.text)).toMatchObject({ alg: 'EdDSA', typ: 'vc+jwt', kid: jwks.keys[0].kid });
    const { payload } = await jwtVerify(badge.text, keys);
    // Issued and valid from the issue date (OB 3.0: nbf is validFrom), so the credential is the same file whenever fetched.
    expect(payload.nbf).toBe(Math.floor(Date.parse(payload.validFrom as string) / 1000));
    expect(payload.iat).toBe(payload.nbf);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await t.http.get(`/api/certificates/credentials/${credential}/badge`).expect(200)).text).toBe(badge.text);
    expect(payload).toMatchObject({
      '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
      id: `${WEB_ORIGIN}/verify/${credential}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: `${WEB_ORIGIN}/`, type: ['Profile'], name: SCHOOL_NAME },
      credentialSubject: {
        type: ['AchievementSubject'],
        name: 'Suresh Kumar',
        achievement: { type: ['Achievement'], name: `Wafer certificate ${n}` },
      },
      credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
    });
    expect(JSON.stringify(payload)).not.toContain(u.email);
    const status = payload.credentialStatus as { statusListIndex: string; statusListCredential: string };
    const index = Number(status.statusListIndex);
    expect(status.statusListCredential).toMatch(/\/api\/certificates\/status\/revocation$/);

    const revokedBit = async () => {
      const list = await t.http.get('/api/certificates/status/revocation').expect(200);
      const { payload: p } = await jwtVerify(list.text, keys);
      expect(p.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential']);
      const subject = p.credentialSubject as { statusPurpose: string; encodedList: string };
      expect(subject.statusPurpose).toBe('revocation');
      const bits = gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'));
      return (bits[index >> 3] >> (7 - (index & 7))) & 1;
    };
    expect(await revokedBit()).toBe(0);
    await t.http
      .post(`/api/certificates/admin/credentials/${credential}/revoke`)
      .set(bearer(admin))
      .send({ reason: 'Withdrawn' })
      .expect(200);
    expect(await revokedBit()).toBe(1);

    await t.http.get('/api/certificates/credentials/ffffffffffffffffffffffffffffffff/badge').expect(404);
  });
});
