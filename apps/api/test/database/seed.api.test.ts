import {
  DEFAULT_CERTIFICATE_PROVIDER,
  DEFAULT_PROJECT_MAX_BYTES,
  ProjectSettingsSchema,
  SCHOOL_NAME,
  SUBMISSION_CLOSED_MESSAGE,
} from '@school/contracts';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getBytes, type TestApp } from '../test-app';
import { readPdf } from '../pdf-text';
import { StorageService } from '../../src/platform/storage/storage.service';
import { DEMO_LOGINS, seedDemo } from '../../src/startup/seed';
import { DEMO_HANDED_IN_PROJECT, DEMO_TAKEN_QUIZ, seedDemoActivity } from '../../src/startup/seed-activity';
import { DEMO_COHORT_TITLE, DEMO_EARLY_CERTIFICATE } from '../../src/startup/seed-classes';
import { ProjectHandInService } from '../../src/modules/grading/project-hand-in.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(async () => t?.close());

const login = async (email: string) => {
  const password = DEMO_LOGINS.find((l) => l.email === email)!.password;
  return (await t.http.post('/api/auth/login/').send({ email, password }).expect(200)).body;
};

describe('demo seed', () => {
  it('gives every video lesson a real MP4 and every reading a PDF, served to the enrolled student', async () => {
    const logins = await seedDemo(t.ds, { storage: t.app.get(StorageService), repoRoot: t.config.repoRoot });
    expect(logins?.map((l) => l.email)).toContain('student@example.com');
    expect(await seedDemo(t.ds, { storage: t.app.get(StorageService), repoRoot: t.config.repoRoot })).toBeNull();
    await seedDemoActivity(t.app, t.ds, t.config.repoRoot);

    const missing = await t.ds.query(
      `SELECT title FROM lessons WHERE (lesson_type = 'VIDEO' AND video_lecture_id_slug IS NULL)
          OR (lesson_type = 'READING' AND cardinality(reading_pdf_id_slugs) = 0)`,
    );
    expect(missing).toEqual([]);

    const student = await login('student@example.com');
    const auth = { Authorization: `Bearer ${student.access}` };
    const cohorts = (await t.http.get(`/api/user-cohorts/user/${student.user.id_slug}/`).set(auth).expect(200)).body.data;
    expect(cohorts).toHaveLength(2);
    const cohort = cohorts.find((c: { cohort_part: { title: string } }) =>
      c.cohort_part.title.startsWith('Semiconductor Talent Programme'),
    );
    const view = (await t.http.get(`/api/cohorts/${cohort.cohort_part.id_slug}/user/${student.user.id_slug}/`).set(auth).expect(200)).body
      .data;
    const course = view.courses_part[0];
    const { body } = await t.http
      .get(`/api/cohorts/${cohort.cohort_part.id_slug}/courses/${course.id_slug}/user/${student.user.id_slug}/`)
      .set(auth)
      .expect(200);
    const lessons = body.data.course_part.modules.flatMap((m: { lessons: unknown[] }) => m.lessons);
    const video = lessons.find((l: { lesson_type: string }) => l.lesson_type === 'VIDEO');
    const signed = (await t.http.get(`/api/lessons/video/url?url=${video.video_lecture_id_slug}`).set(auth).expect(200)).body.url;
    expect((await t.http.get(video.video_captions_url).expect(200)).text).toMatch(/^WEBVTT/);
    const mp4 = await t.http.get(signed).set('Range', 'bytes=0-11').expect(206);
    expect(mp4.headers['content-type']).toBe('video/mp4');
    expect(Buffer.from(mp4.body).subarray(4, 8).toString()).toBe('ftyp');

    const reading = lessons.find((l: { lesson_type: string }) => l.lesson_type === 'READING');
    expect(reading.reading_files[0].name).toBe('Combinational and sequential logic in SystemVerilog.pdf');
    const pdf = await getBytes(t, reading.reading_files[0].url).expect(200);
    expect((pdf.body as Buffer).toString('latin1')).toMatch(/^%PDF-1\.7[\s\S]*%%EOF$/);
    expect((await readPdf(pdf.body as Buffer)).lines.join(' ')).toMatch(/\balways_comb\b/);
    // The figures agree with their sources: the quiz shown Graded has the attempt it was graded from.
    const quiz = lessons.find((l: { title: string }) => l.title === DEMO_TAKEN_QUIZ);
    expect(quiz.user_cohort_grade).toMatchObject({ user_submission_status: 'GRADED', user_grade: 75 });
    const attempts = (
      await t.http.get(`/api/quizzes/cohorts/${cohort.cohort_part.id_slug}/lessons/${quiz.id_slug}/attempts/`).set(auth).expect(200)
    ).body;
    expect(attempts).toMatchObject({ attempts_used: 1, attempts_allowed: 2 });
    // A project not open yet offers no hand-in and says when it opens; the open one was handed in,
    // graded against its rubric with feedback, and its result waits for the item's result date.
    const projectViews = new Map<string, { grade_item: Record<string, unknown>; submission: unknown; result: unknown }>();
    const projectLessons = await t.ds.query(`SELECT id_slug, title FROM lessons WHERE lesson_type = 'PROJECT'`);
    expect(projectLessons).toHaveLength(2);
    for (const p of projectLessons) {
      const v = (await t.http.get(`/api/cohorts/${cohort.cohort_part.id_slug}/lessons/${p.id_slug}/project/`).set(auth).expect(200)).body
        .data;
      projectViews.set(p.title, v);
    }
    const closed = [...projectViews.values()].filter((v) => v.grade_item.submission_status === 'NOT_OPEN');
    expect(closed.length).toBeGreaterThan(0);
    for (const v of closed) {
      expect(v.grade_item.can_submit).toBe(false);
      expect(Date.parse(v.grade_item.open_datetime as string)).toBeGreaterThan(Date.now());
    }
    const handedIn = projectViews.get(DEMO_HANDED_IN_PROJECT)!;
    expect(handedIn.submission).toMatchObject({ file_name: 'uart_tx.zip' });
    expect(handedIn.result).toBeNull();
    // Rajesh sees both hand-ins: Aisyah's graded 85 (40 + 30 + 15 + 0 of 100) with feedback, Wei Jie's waiting.
    const instructor = await login('instructor@example.com');
    const staff = { Authorization: `Bearer ${instructor.access}` };
    const queue = (await t.http.get(`/api/grading/items/${handedIn.grade_item.id_slug}/submissions`).set(staff).expect(200)).body;
    expect(JSON.stringify(queue)).toContain('Wei Jie');
    expect(JSON.stringify(queue)).toContain('Aisyah');
    // The progress matches the lessons Aisyah finished: the video and the reading, the quiz she
    // submitted and the project she handed in (4 of 9 lessons).
    const [enrolment] = await t.ds.query(
      `SELECT enrolment_completion(e.user_id, e.cohort_id) AS completion_percentage FROM enrolments e JOIN users u ON u.id = e.user_id JOIN cohorts c ON c.id = e.cohort_id
        WHERE u.email = 'student@example.com' AND c.id_slug = $1`,
      [cohort.cohort_part.id_slug],
    );
    expect(Number(enrolment.completion_percentage)).toBe(44.44);
    // Every figure has its source: a graded or submitted item has a submitted attempt or a hand-in
    // behind it, and so has every completed quiz or project lesson.
    const backing = (grade: string, lesson: string, cohortId: string, userId: string) => `(
      EXISTS (SELECT 1 FROM submissions s WHERE s.cohort_grade_id = ${grade} AND s.user_id = ${userId})
      OR EXISTS (SELECT 1 FROM quiz_sessions q JOIN quiz_groups qg ON qg.id = q.quiz_group_id
                  WHERE qg.lesson_id = ${lesson} AND q.cohort_id = ${cohortId} AND q.user_id = ${userId} AND q.submitted_at IS NOT NULL))`;
    const unbacked = await t.ds.query(
      `SELECT l.title, u.email FROM user_grades ug JOIN cohort_grades g ON g.id = ug.cohort_grade_id JOIN lessons l ON l.id = g.lesson_id
         JOIN users u ON u.id = ug.user_id
        WHERE ug.user_submission_status IN ('GRADED', 'SUBMITTED') AND NOT ${backing('g.id', 'l.id', 'g.cohort_id', 'ug.user_id')}
       UNION ALL
       SELECT l.title, u.email FROM lesson_completions lc JOIN lessons l ON l.id = lc.lesson_id JOIN users u ON u.id = lc.user_id
         LEFT JOIN cohort_grades g ON g.lesson_id = l.id AND g.cohort_id = lc.cohort_id
        WHERE l.lesson_type IN ('QUIZ', 'PROJECT') AND NOT ${backing('g.id', 'l.id', 'lc.cohort_id', 'lc.user_id')}`,
    );
    expect(unbacked).toEqual([]);
    const graded = await t.ds.query(
      `SELECT l.title, ug.user_grade::float8 AS grade FROM user_grades ug JOIN cohort_grades g ON g.id = ug.cohort_grade_id
         JOIN lessons l ON l.id = g.lesson_id WHERE ug.user_submission_status = 'GRADED' ORDER BY l.title`,
    );
    expect(graded).toEqual([
      { title: DEMO_HANDED_IN_PROJECT, grade: 85 },
      { title: DEMO_TAKEN_QUIZ, grade: 75 },
    ]);
    // The classes were made as an admin makes them, so they keep the admin's rules: no item shows
    // its results while it can still be taken, and the instructor and both students are listed.
    const early = await t.ds.query(
      `SELECT l.title FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id
        WHERE g.result_open_datetime < coalesce(g.late_deadline_datetime, g.deadline_datetime)`,
    );
    expect(early).toEqual([]);
    const people = await t.ds.query(
      `SELECT (SELECT array_agg(u.email ORDER BY u.email COLLATE "C") FROM cohort_instructors ci JOIN users u ON u.id = ci.user_id WHERE ci.cohort_id = c.id) AS staff,
              (SELECT array_agg(u.email ORDER BY u.email COLLATE "C") FROM enrolments e JOIN users u ON u.id = e.user_id WHERE e.cohort_id = c.id) AS students
         FROM cohorts c WHERE c.id_slug = $1`,
      [cohort.cohort_part.id_slug],
    );
    expect(people).toEqual([{ staff: ['instructor@example.com'], students: ['student2@example.com', 'student@example.com'] }]);
    // Every issued certificate's student meets its rules in that cohort; the demo has one, with its credential.
    const issued = await t.ds.query(
      `SELECT ce.title, u.email, cp.met, (SELECT count(*)::int FROM certificate_credentials cr WHERE cr.user_certificate_id = uc.id) AS credentials
         FROM user_certificates uc JOIN certificates ce ON ce.id = uc.certificate_id JOIN users u ON u.id = uc.user_id
         LEFT JOIN certificate_progress(uc.cohort_id, uc.user_id) cp ON cp.certificate_id = uc.certificate_id
        WHERE uc.progress = 'COMPLETED'`,
    );
    expect(issued).toEqual([{ title: DEMO_EARLY_CERTIFICATE, email: 'student@example.com', met: true, credentials: 1 }]);
    // Every demo project is a complete example: instructions, an accepted file, a size limit and a
    // rubric whose criteria have described levels, as the authoring screen and the student read them.
    const admin = await login('admin@example.com');
    const projects = lessons.filter((l: { lesson_type: string }) => l.lesson_type === 'PROJECT');
    expect(projects.length).toBeGreaterThan(0);
    for (const p of projects) {
      const settings = (
        await t.http
          .get(`/api/courses/admin/lessons/${p.id_slug}/project`)
          .set({ Authorization: `Bearer ${admin.access}` })
          .expect(200)
      ).body.data;
      const project = ProjectSettingsSchema.parse(settings.project);
      expect(project.instructions.length).toBeGreaterThan(200);
      expect(project.accepted_types).toEqual(['.zip']);
      expect(project.max_size_bytes).toBeLessThan(DEFAULT_PROJECT_MAX_BYTES);
      expect(project.instructions).toContain(`at most ${project.max_size_bytes / (1024 * 1024)} MB`);
      expect(project.rubric.length).toBeGreaterThanOrEqual(3);
      for (const criterion of project.rubric) {
        expect(criterion.levels.length).toBeGreaterThanOrEqual(2);
        expect(criterion.levels.every((l) => l.title.length > 3)).toBe(true);
      }
      const studentView = (
        await t.http.get(`/api/cohorts/${cohort.cohort_part.id_slug}/lessons/${p.id_slug}/project/`).set(auth).expect(200)
      ).body.data;
      expect(studentView.project).toMatchObject({
        instructions: project.instructions,
        rubric: project.rubric,
        max_size_bytes: project.max_size_bytes,
      });
    }
    // The demo certificates name the same provider as every new certificate.
    const providers = await t.ds.query(`SELECT DISTINCT unnest(provider) AS provider FROM certificates`);
    expect(providers).toEqual([{ provider: DEFAULT_CERTIFICATE_PROVIDER }]);
    expect(DEFAULT_CERTIFICATE_PROVIDER).toBe(SCHOOL_NAME);
    // Seeding the whole school through its services takes a while on a busy machine.
  }, 180_000);

  // The seed hands in through the upload's own second half: the same window and size rules, and the
  // received file is removed whether it is kept or refused.
  it('refuses a hand-in file to a project not open yet, or above its size limit, and removes the file either way', async () => {
    const grading = t.app.get(ProjectHandInService);
    const storage = t.app.get(StorageService);
    const [weiJie] = await t.ds.query(`SELECT id, id_slug, role FROM users WHERE email = 'student2@example.com'`);
    const [cohort] = await t.ds.query(`SELECT id_slug FROM cohorts WHERE title = $1`, [DEMO_COHORT_TITLE]);
    const slug = async (title: string) => (await t.ds.query(`SELECT id_slug FROM lessons WHERE title = $1`, [title]))[0].id_slug;
    const received = async (bytes: number) => {
      await mkdir(storage.incomingDirectory, { recursive: true });
      const path = join(storage.incomingDirectory, `seed-test-${bytes}.upload`);
      await writeFile(path, Buffer.alloc(bytes));
      return { path, size: bytes, originalname: 'uart_tx.zip', remove: () => rm(path, { force: true }) };
    };
    const closed = await received(100);
    await expect(
      grading.handInFile(weiJie, cohort.id_slug, await slug('Project: design a common-source amplifier'), closed),
    ).rejects.toMatchObject({ response: { message: SUBMISSION_CLOSED_MESSAGE } });
    expect(existsSync(closed.path)).toBe(false);
    const big = await received(10 * 1024 * 1024 + 1);
    await expect(grading.handInFile(weiJie, cohort.id_slug, await slug(DEMO_HANDED_IN_PROJECT), big)).rejects.toMatchObject({
      response: { message: 'File size must be less than 10MB', errors: { file: 'File size must be less than 10MB' } },
    });
    expect(existsSync(big.path)).toBe(false);
  });
});
