import type { INestApplicationContext } from '@nestjs/common';
import { DEFAULT_CERTIFICATE_PROVIDER, type GradeItemSettings } from '@school/contracts';
import type { DataSource } from 'typeorm';
import { exec, rows } from '../common/sql/db';
import type { AuthUser } from '../common/auth.decorators';
import { CertificatesService } from '../modules/certificates';
import { CoachingService } from '../modules/coaching';
import { CohortInstructorsService } from '../modules/cohorts/cohort-instructors.service';
import { CohortsService } from '../modules/cohorts/cohorts.service';
import { EnrolmentsService } from '../modules/enrolments/enrolments.service';
import { GradingAuthoringService } from '../modules/grading/grading-authoring.service';
import { LearningService } from '../modules/learning/learning.service';

export const DEMO_COHORT_TITLE = 'Semiconductor Talent Programme: Cohort 1';
export const DEMO_SECOND_COHORT_TITLE = 'Analog Design Track: Cohort 2';
export const DEMO_COURSE_CERTIFICATE = 'Digital IC Design Fundamentals: Certificate of Completion';
export const DEMO_EARLY_CERTIFICATE = 'Semiconductor Cleanroom Safety';

const DAY = 86_400_000;

export interface DemoPeople {
  admin: AuthUser;
  instructor: AuthUser;
  aisyah: AuthUser;
  weiJie: AuthUser;
}

/**
 * The demo's classes, made as an admin makes them on the console (the services its calls run): the
 * programme's cohort with both courses, Rajesh as its instructor and coach, both students, the grade items'
 * dates and weights and two certificates; and a shorter second class for Aisyah. Answers the first
 * cohort's id_slug.
 */
export async function seedDemoClasses(app: INestApplicationContext, ds: DataSource, people: DemoPeople, now: Date): Promise<string> {
  const get = <T>(type: new (...args: never[]) => T) => app.get(type, { strict: false });
  const [cohorts, instructors, enrolments, authoring, certificates] = [
    get(CohortsService),
    get(CohortInstructorsService),
    get(EnrolmentsService),
    get(GradingAuthoringService),
    get(CertificatesService),
  ];
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const courses = await rows<{ id_slug: string }>(ds, `SELECT id_slug FROM courses ORDER BY id`);

  const start = at(-30);
  const cohort = await cohorts.create({
    title: DEMO_COHORT_TITLE,
    start_date: start,
    end_date: at(90),
    end_access_date: at(180),
    result_open_date: at(100),
    course_ids: courses.map((c) => c.id_slug),
  });
  await instructors.assign(cohort.id_slug, people.instructor.id_slug);
  for (const student of [people.aisyah, people.weiJie]) await enrolments.add(cohort.id_slug, student.id_slug);
  // Rajesh also coaches the cohort's trainees (all of them: no one chosen).
  await get(CoachingService).assign(people.admin, cohort.id_slug, people.instructor.id_slug, []);

  // Linking the courses made a default item for each quiz and project; the admin adjusts them.
  // Quizzes are self-paced with their results at once (no deadline, so the answers shown after an
  // attempt cannot help anyone beat one). Projects are due a week apart and take hand-ins for the
  // fifteen days before: the UART project is open now, the amplifier project opens in a fortnight.
  const items = await rows<{ id_slug: string; lesson_type: 'QUIZ' | 'PROJECT' }>(
    ds,
    `SELECT l.id_slug, l.lesson_type FROM cohorts c JOIN cohort_courses cc ON cc.cohort_id = c.id
       JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
      WHERE c.id_slug = $1 AND l.lesson_type IN ('QUIZ', 'PROJECT') ORDER BY cc."order", m."order", l."order"`,
    [cohort.id_slug],
  );
  for (const [i, item] of items.entries()) {
    const deadline = 7 * (i + 1);
    const settings: GradeItemSettings =
      item.lesson_type === 'QUIZ'
        ? {
            ...NO_LATE_WORK,
            open_datetime: start,
            deadline_datetime: null,
            result_open_datetime: start,
            is_mandatory: false,
            grade_percentage: 10,
          }
        : {
            ...NO_LATE_WORK,
            open_datetime: at(deadline - 15),
            deadline_datetime: at(deadline),
            result_open_datetime: at(100),
            is_mandatory: true,
            grade_percentage: 30,
          };
    await authoring.updateGradeItem(cohort.id_slug, item.id_slug, settings);
  }

  for (const title of [DEMO_COURSE_CERTIFICATE, DEMO_EARLY_CERTIFICATE]) {
    const certificate = await certificates.create({ title, provider: [DEFAULT_CERTIFICATE_PROVIDER] });
    await certificates.addToCohort(cohort.id_slug, certificate.id_slug);
  }

  // A second, shorter class for Aisyah, so her dashboard shows more than one cohort.
  const analog = await cohorts.create({
    title: DEMO_SECOND_COHORT_TITLE,
    start_date: at(-7),
    end_date: at(60),
    end_access_date: at(120),
    result_open_date: null,
    course_ids: [courses[1].id_slug],
  });
  await enrolments.add(analog.id_slug, people.aisyah.id_slug);
  return cohort.id_slug;
}

const NO_LATE_WORK = { late_deadline_datetime: null, late_penalty_per_day: null, late_score_cap: null } as const;

/**
 * The students open their classes (which records their last visit), then the visits are dated as
 * the demo's story has them: Aisyah two hours ago in the programme and yesterday in the analog
 * track, Wei Jie three days ago.
 */
export async function seedDemoVisits(app: INestApplicationContext, ds: DataSource, people: DemoPeople): Promise<void> {
  const learning = app.get(LearningService, { strict: false });
  const visits: [AuthUser, string, string][] = [
    [people.aisyah, DEMO_COHORT_TITLE, '2 hours'],
    [people.weiJie, DEMO_COHORT_TITLE, '3 days'],
    [people.aisyah, DEMO_SECOND_COHORT_TITLE, '1 day'],
  ];
  for (const [student, title, ago] of visits) {
    const [cohort] = await rows<{ id_slug: string }>(ds, `SELECT id_slug FROM cohorts WHERE title = $1`, [title]);
    await learning.cohortView(student, cohort.id_slug, student.id_slug);
    await exec(
      ds,
      `UPDATE enrolments e SET latest_access_datetime = now() - $3::interval
         FROM cohorts c, users u WHERE c.id = e.cohort_id AND u.id = e.user_id AND c.title = $1 AND u.id_slug = $2`,
      [title, student.id_slug, ago],
    );
  }
}
