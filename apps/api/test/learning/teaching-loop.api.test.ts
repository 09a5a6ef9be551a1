import {
  CertificateSchema,
  CohortStudentsResponseSchema,
  ProjectViewResponseSchema,
  UserCohortViewResponseSchema,
  UserCourseViewResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GradingService } from '../../src/modules/grading/grading.service';
import { enrol, isoIn, linkInstructor, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz, rightAnswers } from '../fixtures/grade-item.fixtures';
import { mp4File } from '../fixtures/media.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A term end to end on the default rules, through the product's own calls only: an admin authors a
 * fresh course with every lesson type, runs a cohort with an instructor, a student and a certificate;
 * the student studies, takes the quiz and hands in the project (neither has 'Mark as complete': the
 * attempt and the hand-in complete them); the instructor grades; results are released; the
 * certificate is issued by the job.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t, { first_name: 'Aina', last_name: 'Rahman' });
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Uploads a lesson file in one chunk through the resumable upload calls; answers its id_slug. */
async function uploadLessonFile(kind: 'video' | 'reading', fileName: string, data: Buffer): Promise<string> {
  const started = await t.http
    .post('/api/lessons/media/uploads/')
    .set(bearer(admin))
    .send({ kind, file_name: fileName, size_bytes: data.length })
    .expect(201);
  const done = await t.http
    .put(`/api/lessons/media/uploads/${started.body.id_slug}/chunks/0`)
    .set(bearer(admin))
    .set('Content-Type', 'application/octet-stream')
    .send(data)
    .expect(200);
  return done.body.file.id_slug as string;
}

describe('a term that runs end to end', () => {
  it('takes a fresh course of every lesson type from authoring to an issued certificate', async () => {
    // ---- the admin authors the course ------------------------------------------------------
    const course = await makeCourse(t, admin, {
      title: 'Wafer fab fundamentals',
      modules: [
        {
          title: 'Fab basics',
          lessons: [
            { title: 'Cleanroom tour', lesson_type: 'VIDEO' },
            { title: 'Wafer handling guide', lesson_type: 'READING' },
            { title: 'Lithography check', lesson_type: 'QUIZ' },
            { title: 'Mask layout project', lesson_type: 'PROJECT' },
          ],
        },
      ],
    });
    const module = course.modules[0];
    const [video, reading, quiz, project] = module.lessons;
    const videoFile = await uploadLessonFile('video', 'Cleanroom tour.mp4', mp4File({ seconds: 90 }));
    const readingFile = await uploadLessonFile('reading', 'Handling.pdf', Buffer.from('%PDF-1.4\n% wafer handling\n%%EOF\n'));
    await t.http
      .put(`/api/courses/admin/${course.id_slug}/modules/update/`)
      .set(bearer(admin))
      .send({
        modules: [
          {
            id_slug: module.id_slug,
            title: module.title,
            order: 0,
            lessons: [
              { id_slug: video.id_slug, title: video.title, order: 0, lesson_type: 'VIDEO', video_lecture_id_slug: videoFile },
              {
                id_slug: reading.id_slug,
                title: reading.title,
                order: 1,
                lesson_type: 'READING',
                reading_pdf_id_slugs: [readingFile],
                link_urls: ['https://www.semi.org/en/standards'],
              },
              { id_slug: quiz.id_slug, title: quiz.title, order: 2, lesson_type: 'QUIZ' },
              { id_slug: project.id_slug, title: project.title, order: 3, lesson_type: 'PROJECT' },
            ],
          },
        ],
      })
      .expect(200);
    await t.http
      .put(`/api/quizzes/admin/lessons/${quiz.id_slug}/`)
      .set(bearer(admin))
      .send({
        time_limit_minutes: 20,
        attempts_allowed: 1,
        pass_mark_percentage: 50,
        shuffle_questions: false,
        shuffle_options: false,
        draw_count: null,
        questions: [
          {
            kind: 'SINGLE_CHOICE',
            prompt: 'Which resist becomes soluble where exposed?',
            points: 1,
            options: [
              { key: 'pos', text: 'Positive', is_correct: true },
              { key: 'neg', text: 'Negative', is_correct: false },
            ],
          },
        ],
      })
      .expect(200);
    await t.http
      .put(`/api/courses/admin/lessons/${project.id_slug}/project`)
      .set(bearer(admin))
      .send({ instructions: 'Draw the mask of an inverter and hand in the layout as a zip.' })
      .expect(200);

    // ---- the cohort: course, instructor, student, certificate (default rules), grade items ----
    const cohort = await makeCohort(t, admin, { title: 'Fab cohort', course_ids: [course.id_slug], start: -1, end: 60 });
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/instructors`)
      .set(bearer(admin))
      .send({ user_id_slug: teacher.id_slug })
      .expect(201);
    await enrol(t, admin, cohort.id_slug, student);
    const certificate = await linkNewCertificate(t, admin, cohort.id_slug, 'Wafer fab fundamentals certificate');
    const setItem = (lesson: string, body: Record<string, unknown>) =>
      t.http.put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lesson}/grade-item`).set(bearer(admin)).send(body).expect(200);
    await setItem(quiz.id_slug, { deadline_datetime: isoIn(7), result_open_datetime: isoIn(8), grade_percentage: 40 });
    await setItem(project.id_slug, { deadline_datetime: isoIn(7), result_open_datetime: isoIn(8), grade_percentage: 60 });

    // ---- the student studies ------------------------------------------------------------------
    const me = bearer(student);
    const cohortView = async () =>
      UserCohortViewResponseSchema.parse(
        (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${student.id_slug}/`).set(me).expect(200)).body,
      ).data;
    const courseView = async () =>
      UserCourseViewResponseSchema.parse(
        (await t.http.get(`/api/cohorts/${cohort.id_slug}/courses/${course.id_slug}/user/${student.id_slug}/`).set(me).expect(200)).body,
      ).data.course_part;
    const markComplete = (lesson: string) =>
      t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/mark-lesson-complete`)
        .set(me)
        .send({ user_id_slug: student.id_slug, lesson_id_slug: lesson });
    const adminFigure = async () =>
      CohortStudentsResponseSchema.parse(
        (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students`).set(bearer(admin)).expect(200)).body,
      ).data[0].completion_percentage;

    const page = await courseView();
    const lessonOf = (id: string) => page.modules[0].lessons.find((l) => l.id_slug === id)!;
    expect(lessonOf(video.id_slug).video_lecture_id_slug).toBeTruthy();
    expect(lessonOf(reading.id_slug).reading_files).toHaveLength(1);
    expect(lessonOf(reading.id_slug).links).toHaveLength(1);
    await markComplete(video.id_slug).expect(200);
    await markComplete(reading.id_slug).expect(200);
    // Quiz and project lessons are completed by doing them, not by the button.
    await markComplete(quiz.id_slug).expect(422);
    await markComplete(project.id_slug).expect(422);
    expect((await cohortView()).user_cohort_part.completed_lessons_ids.sort()).toEqual([video.id_slug, reading.id_slug].sort());

    // ---- the quiz: start, answer, submit ------------------------------------------------------
    const started = await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${quiz.id_slug}/start/`).set(me).expect(200);
    const session = started.body.session_id_slug as string;
    const attempt = (await t.http.get(`/api/quizzes/sessions/${session}/`).set(me).expect(200)).body.data;
    await t.http
      .put(`/api/quizzes/sessions/${session}/answers/`)
      .set(me)
      .send({ answers: [{ question_id_slug: attempt.questions[0].id_slug, answer: 'pos' }] })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${session}/submit/`).set(me).expect(200);
    expect((await courseView()).completed_lessons.sort()).toEqual([video.id_slug, reading.id_slug, quiz.id_slug].sort());
    expect(await adminFigure()).toBe(75);

    // ---- the project hand-in completes its lesson ---------------------------------------------
    const handedIn = ProjectViewResponseSchema.parse(
      (
        await t.http
          .post(`/api/cohorts/${cohort.id_slug}/lessons/${project.id_slug}/project/submission`)
          .set(me)
          .attach('file', makeZip([{ name: 'inverter.gds.txt', data: 'poly over active' }]), 'inverter.zip')
          .expect(201)
      ).body,
    ).data;
    const after = await courseView();
    expect(after.modules[0].lessons.find((l) => l.id_slug === project.id_slug)!.is_completed).toBe(true);
    expect(after.modules[0].completion_percentage).toBe(100);
    expect(await adminFigure()).toBe(100);
    // Nothing is graded and released yet: no certificate.
    let cert = CertificateSchema.parse((await cohortView()).certificates_part.find((c) => c.id_slug === certificate));
    expect(cert.requirements).toMatchObject({ lessons_percent: 100, missing_mandatory: 2 });
    expect(cert.user_certificate?.progress ?? 'IN_PROGRESS').toBe('IN_PROGRESS');

    // ---- the instructor grades; the admin closes the items and opens their results -----------
    await t.http
      .put(`/api/grading/submissions/${handedIn.submission!.id_slug}/grade`)
      .set(bearer(teacher))
      .send({ user_grade: 80, feedback: 'Clean layout.' })
      .expect(200);
    await setItem(quiz.id_slug, { deadline_datetime: isoIn(-0.02), result_open_datetime: isoIn(-0.01), grade_percentage: 40 });
    await setItem(project.id_slug, { deadline_datetime: isoIn(-0.02), result_open_datetime: isoIn(-0.01), grade_percentage: 60 });
    // The scheduled release (every minute) tells the student and queues the certificates' evaluation.
    await t.app.get(GradingService).releaseDue();

    // ---- the certificate job issues it ----------------------------------------------------------
    cert = await until('the certificate to be issued', async () => {
      const c = (await cohortView()).certificates_part.find((x) => x.id_slug === certificate);
      return c?.user_certificate?.progress === 'COMPLETED' && CertificateSchema.parse(c);
    });
    expect(cert.requirements).toMatchObject({ lessons_percent: 100, missing_mandatory: 0, weighted_total: 88 });
    expect(cert.user_certificate!.completion_date).toBeTruthy();
    await t.http.get(`/api/cohorts/${cohort.id_slug}/certificates/${certificate}/user/${student.id_slug}/document`).set(me).expect(200);
  });
  it('on the defaults alone, with no grade item touched, results open when the cohort ends and the certificate follows', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Packaging basics',
      modules: [
        {
          title: 'Assembly',
          lessons: [
            { title: 'Die attach check', lesson_type: 'QUIZ' },
            { title: 'Wire bond plan', lesson_type: 'PROJECT' },
          ],
        },
      ],
    });
    const [quiz, project] = course.modules[0].lessons;
    await authorQuiz(t, admin, quiz.id_slug);
    await t.http
      .put(`/api/courses/admin/lessons/${project.id_slug}/project`)
      .set(bearer(admin))
      .send({ instructions: 'Plan the bond wires of a QFN and hand in the drawing as a zip.' })
      .expect(200);
    const cohort = await makeCohort(t, admin, { title: 'Packaging pilot', course_ids: [course.id_slug], start: -1, end: 30 });
    await linkInstructor(t, admin, cohort.id_slug, teacher);
    const pupil = await createUser(t, { first_name: 'Farid', last_name: 'Hamzah' });
    await enrol(t, admin, cohort.id_slug, pupil);
    const certificate = await linkNewCertificate(t, admin, cohort.id_slug, 'Packaging basics certificate');
    const me = bearer(pupil);
    const certificateOf = async () =>
      UserCohortViewResponseSchema.parse(
        (await t.http.get(`/api/cohorts/${cohort.id_slug}/user/${pupil.id_slug}/`).set(me).expect(200)).body,
      ).data.certificates_part.find((c) => c.id_slug === certificate);

    // The student takes the quiz and hands in the project; the instructor grades the project.
    const session = (await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${quiz.id_slug}/start/`).set(me).expect(200)).body
      .session_id_slug as string;
    const attempt = (await t.http.get(`/api/quizzes/sessions/${session}/`).set(me).expect(200)).body.data;
    await t.http
      .put(`/api/quizzes/sessions/${session}/answers/`)
      .set(me)
      .send({ answers: rightAnswers(attempt.questions) })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${session}/submit/`).set(me).expect(200);
    const handedIn = ProjectViewResponseSchema.parse(
      (
        await t.http
          .post(`/api/cohorts/${cohort.id_slug}/lessons/${project.id_slug}/project/submission`)
          .set(me)
          .attach('file', makeZip([{ name: 'qfn-bonds.txt', data: 'pad 1 to lead 1' }]), 'qfn.zip')
          .expect(201)
      ).body,
    ).data;
    await t.http
      .put(`/api/grading/submissions/${handedIn.submission!.id_slug}/grade`)
      .set(bearer(teacher))
      .send({ user_grade: 70, feedback: 'Bond lengths fit.' })
      .expect(200);

    // Results open at the cohort's end: until then nothing is released and no certificate is issued.
    await t.app.get(GradingService).releaseDue();
    expect((await certificateOf())?.requirements).toMatchObject({ lessons_percent: 100, missing_mandatory: 2 });

    // The admin ends the cohort on the cohort page (its end date now): the default items follow it.
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
      .set(bearer(admin))
      .send({ title: 'Packaging pilot', start_date: isoIn(-1), end_date: isoIn(-0.001), end_access_date: isoIn(30) })
      .expect(200);
    await t.app.get(GradingService).releaseDue();
    const cert = await until('the certificate to be issued', async () => {
      const c = await certificateOf();
      return c?.user_certificate?.progress === 'COMPLETED' && CertificateSchema.parse(c);
    });
    expect(cert.requirements).toMatchObject({ lessons_percent: 100, missing_mandatory: 0, weighted_total: 85 });
  });
});
