import { DEFAULT_CERTIFICATE_PROVIDER } from '@school/contracts';
import type { DataSource } from 'typeorm';
import { hashPassword } from '../src/modules/auth';

export interface LargeSchoolOptions {
  students: number;
  cohorts: number;
  courses: number;
  modulesPerCourse: number;
  lessonsPerModule: number;
  /** Courses linked to each cohort (consecutive, wrapping). */
  coursesPerCohort: number;
  /** Share of students enrolled in a second cohort. */
  secondCohortShare: number;
  /**
   * Only the first this-many students get lesson completions, grades and certificates (progress
   * rows grow with students x lessons; a list benchmark over 100,000 students needs none).
   */
  studentsWithProgress: number;
}

export const DEFAULT_SCHOOL: LargeSchoolOptions = {
  students: 10_000,
  cohorts: 50,
  courses: 20,
  modulesPerCourse: 10,
  lessonsPerModule: 10,
  coursesPerCohort: 3,
  secondCohortShare: 0.3,
  studentsWithProgress: 10_000,
};

export const BENCH_PASSWORD = 'Bench#Wafer2026';

export interface SeededSchool {
  options: LargeSchoolOptions;
  /** Seconds the seeding took. */
  seconds: number;
  counts: Record<string, number>;
}

/**
 * Fills an empty, migrated database with a large school using set-based SQL only (generate_series,
 * no round trip per row): students named bench-student-N@example.com (one shared password hash),
 * courses of modules of lessons (per module: videos and readings, then a quiz and a project),
 * cohorts of a few courses each, enrolments (mostly ACTIVE, some SUSPENDED or COMPLETED, a share in
 * two cohorts), realistic completion (each enrolment has done a random prefix of its lessons, in
 * order, over the last weeks), grades for the items past their deadline and certificates.
 */
export async function seedLargeSchool(ds: DataSource, partial: Partial<LargeSchoolOptions> = {}): Promise<SeededSchool> {
  const o = { ...DEFAULT_SCHOOL, ...partial };
  const started = Date.now();
  const hash = await hashPassword(BENCH_PASSWORD);
  await ds.transaction(async (m) => {
    // Repeatable "random" numbers: setseed makes random() deterministic for this transaction.
    await m.query(`SELECT setseed(0.42)`);
    await m.query(
      `INSERT INTO users (email, first_name, last_name, role, password_hash, created_date)
       SELECT 'bench-student-' || i || '@example.com',
              (ARRAY['Aisyah','Wei Jie','Priya','Daniel','Nur','Hafiz','Mei Ling','Arjun','Siti','Jason'])[1 + i % 10] || ' ' || i,
              (ARRAY['Rahman','Tan','Kumar','Lim','Aina','Ismail','Wong','Nair','Aminah','Lee'])[1 + (i / 10) % 10],
              'STUDENT', $2, now() - (i || ' minutes')::interval
         FROM generate_series(1, $1::int) AS i`,
      [o.students, hash],
    );
    await m.query(
      `INSERT INTO users (email, first_name, last_name, role, password_hash) VALUES ('bench-admin@example.com', 'Bench', 'Admin', 'ADMIN', $1)`,
      [hash],
    );
    await m.query(
      `INSERT INTO courses (title, description, created_date)
       SELECT (ARRAY['Digital Design','Analog Circuits','Design Verification','Physical Design','Design for Test',
                     'Packaging','Process Engineering','Failure Analysis','Embedded Firmware','Mixed-Signal Layout'])[1 + (c - 1) % 10]
              || ' ' || c, 'Benchmark course ' || c, now() - (c || ' days')::interval
         FROM generate_series(1, $1::int) AS c`,
      [o.courses],
    );
    await m.query(
      `INSERT INTO modules (course_id, title, "order")
       SELECT co.id, 'Module ' || (k + 1) || ' of ' || co.title, k
         FROM courses co CROSS JOIN generate_series(0, $1::int - 1) AS k`,
      [o.modulesPerCourse],
    );
    await m.query(
      `INSERT INTO lessons (module_id, title, description, "order", lesson_type, quiz_group, project_group)
       SELECT mo.id, 'Lesson ' || (k + 1) || ': ' || mo.title, 'What this lesson covers, in two sentences. Read it before you start.', k,
              CASE WHEN k = $1::int - 2 THEN 'QUIZ' WHEN k = $1::int - 1 THEN 'PROJECT' WHEN k % 2 = 0 THEN 'VIDEO' ELSE 'READING' END,
              CASE WHEN k = $1::int - 2 THEN '{"total_questions": 10, "time_limit_minutes": 20}'::jsonb END,
              CASE WHEN k = $1::int - 1 THEN '{"total_questions": 1, "time_limit_minutes": 600, "instructions_files_urls": []}'::jsonb END
         FROM modules mo CROSS JOIN generate_series(0, $1::int - 1) AS k`,
      [o.lessonsPerModule],
    );
    await m.query(
      `INSERT INTO cohorts (title, start_date, end_date, end_access_date, result_open_date, created_date)
       SELECT 'Bench Cohort ' || k, now() - ((k % 12) * 7 + 14 || ' days')::interval, now() + ((k % 9) * 7 + 60 || ' days')::interval,
              now() + ((k % 9) * 7 + 150 || ' days')::interval, now() + ((k % 9) * 7 + 70 || ' days')::interval, now() - (k || ' hours')::interval
         FROM generate_series(1, $1::int) AS k`,
      [o.cohorts],
    );
    await m.query(
      `WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM cohorts),
            co AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM courses)
       INSERT INTO cohort_courses (cohort_id, course_id, "order")
       SELECT c.id, co.id, j FROM c CROSS JOIN generate_series(0, $1::int - 1) AS j
         JOIN co ON co.n = (c.n * $1::int + j) % co.total`,
      [Math.min(o.coursesPerCohort, o.courses)],
    );
    // Every student in one cohort, a share in a second one.
    await m.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE role = 'STUDENT'),
            c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM cohorts),
            pairs AS (
              SELECT s.id AS user_id, s.n, c.id AS cohort_id FROM s JOIN c ON c.n = s.n % c.total
              UNION ALL
              SELECT s.id, s.n, c.id FROM s JOIN c ON c.n = (s.n * 7 + 3) % c.total
               WHERE c.total > 1 AND (s.n * 7 + 3) % c.total <> s.n % c.total AND (s.n % 1000) < $1::float8 * 1000)
       INSERT INTO enrolments (cohort_id, user_id, enrolment_status, latest_access_datetime, created_date)
       SELECT cohort_id, user_id,
              CASE WHEN n % 20 = 7 THEN 'SUSPENDED' WHEN n % 20 = 13 THEN 'COMPLETED' ELSE 'ACTIVE' END,
              now() - (random() * interval '30 days'), now() - (random() * interval '60 days')
         FROM pairs`,
      [o.secondCohortShare],
    );
    // Each enrolment of the first students has done a random prefix (0-90 %) of its cohort's lessons.
    await m.query(
      `WITH cl AS (
         SELECT cc.cohort_id, l.id AS lesson_id,
                row_number() OVER (PARTITION BY cc.cohort_id ORDER BY cc."order", mo."order", l."order") AS pos,
                count(*) OVER (PARTITION BY cc.cohort_id) AS total
           FROM cohort_courses cc JOIN modules mo ON mo.course_id = cc.course_id JOIN lessons l ON l.module_id = mo.id),
       e AS (
         SELECT en.user_id, en.cohort_id, floor(random() * 0.9 * (SELECT max(total) FROM cl))::int AS done
           FROM enrolments en JOIN users u ON u.id = en.user_id
          WHERE u.email ~ '^bench-student-' AND substring(u.email FROM 'bench-student-(\\d+)@')::int <= $1::int)
       INSERT INTO lesson_completions (user_id, cohort_id, lesson_id, completed_at)
       SELECT e.user_id, e.cohort_id, cl.lesson_id, now() - ((e.done - cl.pos) * interval '3 hours')
         FROM e JOIN cl ON cl.cohort_id = e.cohort_id AND cl.pos <= e.done`,
      [o.studentsWithProgress],
    );
    // Quizzes and projects are graded; deadlines spread over the cohort, a third already past (replacing the
    // default items the course links made).
    await m.query(
      `INSERT INTO cohort_grades (cohort_id, lesson_id, deadline_datetime, is_mandatory, grade_percentage, result_open_datetime, submission_status)
       SELECT cc.cohort_id, l.id, c.start_date + (mo."order" * interval '7 days') + (cc."order" * interval '2 days'),
              l.lesson_type = 'PROJECT', CASE WHEN l.lesson_type = 'PROJECT' THEN 6 ELSE 2 END,
              c.start_date + (mo."order" * interval '7 days') + interval '10 days',
              CASE WHEN c.start_date + (mo."order" * interval '7 days') < now() THEN 'locked'
                   WHEN c.start_date + (mo."order" * interval '7 days') < now() + interval '14 days' THEN 'OPEN' ELSE 'NOT_OPEN' END
         FROM cohort_courses cc JOIN cohorts c ON c.id = cc.cohort_id JOIN modules mo ON mo.course_id = cc.course_id
         JOIN lessons l ON l.module_id = mo.id
        WHERE l.lesson_type IN ('QUIZ', 'PROJECT')
       ON CONFLICT (cohort_id, lesson_id) DO UPDATE
          SET deadline_datetime = EXCLUDED.deadline_datetime, is_mandatory = EXCLUDED.is_mandatory,
              grade_percentage = EXCLUDED.grade_percentage, result_open_datetime = EXCLUDED.result_open_datetime,
              submission_status = EXCLUDED.submission_status, is_default = false`,
    );
    await m.query(
      `INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status)
       SELECT g.id, lc.user_id, 50 + floor(random() * 50), 'GRADED'
         FROM cohort_grades g JOIN lesson_completions lc ON lc.cohort_id = g.cohort_id AND lc.lesson_id = g.lesson_id
        WHERE g.submission_status = 'locked'`,
    );
    await m.query(
      `INSERT INTO certificates (title, provider, created_date)
       SELECT co.title || ': Certificate of Completion', ARRAY[$1], co.created_date FROM courses co`,
      [DEFAULT_CERTIFICATE_PROVIDER],
    );
    await m.query(
      `INSERT INTO cohort_certificates (cohort_id, certificate_id)
       SELECT cc.cohort_id, ce.id FROM cohort_courses cc JOIN courses co ON co.id = cc.course_id
         JOIN certificates ce ON ce.title = co.title || ': Certificate of Completion'`,
    );
    // Progress by the same rule as enrolment_completion(), computed set-wise for the whole school.
    await m.query(
      `WITH e AS (
         SELECT d.user_id, d.cohort_id, completion_percentage(d.n, t.total) AS pct
           FROM (SELECT user_id, cohort_id, count(*) AS n FROM lesson_completions GROUP BY 1, 2) d
           JOIN (SELECT cc.cohort_id, count(*) AS total FROM cohort_courses cc JOIN modules mo ON mo.course_id = cc.course_id
                   JOIN lessons l ON l.module_id = mo.id GROUP BY 1) t ON t.cohort_id = d.cohort_id)
       INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress, completion_date)
       SELECT ccert.certificate_id, e.cohort_id, e.user_id,
              CASE WHEN e.pct >= 60 THEN 'COMPLETED' ELSE 'IN_PROGRESS' END,
              CASE WHEN e.pct >= 60 THEN now() - interval '3 days' END
         FROM e JOIN cohort_certificates ccert ON ccert.cohort_id = e.cohort_id
        WHERE e.pct > 0`,
    );
  });
  // A running school's tables have been through autovacuum: statistics, and the visibility map
  // index-only scans rely on. A bulk load has neither until then, so give it both now.
  await ds.query('VACUUM ANALYZE');
  const counts: Record<string, number> = {};
  for (const table of [
    'users',
    'courses',
    'modules',
    'lessons',
    'cohorts',
    'enrolments',
    'lesson_completions',
    'cohort_grades',
    'user_grades',
    'user_certificates',
  ]) {
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM ${table}`);
    counts[table] = n;
  }
  return { options: o, seconds: (Date.now() - started) / 1000, counts };
}
