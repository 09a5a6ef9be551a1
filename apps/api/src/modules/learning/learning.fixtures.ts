import type { DataSource } from 'typeorm';

export interface LessonSpec {
  title: string;
  type: 'VIDEO' | 'READING' | 'QUIZ' | 'PROJECT';
  video?: string | null;
  captions?: string | null;
  readings?: string[];
  links?: string[];
}
export interface CourseSpec {
  title: string;
  modules: { title: string; lessons: LessonSpec[] }[];
}
export interface CreatedCourse {
  id: string;
  id_slug: string;
  /** Lesson id_slugs by title. */
  lessons: Record<string, { id: string; id_slug: string }>;
}

/** Inserts a course with its modules and lessons in order (tests only). */
export async function insertCourse(ds: DataSource, spec: CourseSpec): Promise<CreatedCourse> {
  const [course] = await ds.query(`INSERT INTO courses (title) VALUES ($1) RETURNING id, id_slug`, [spec.title]);
  const lessons: CreatedCourse['lessons'] = {};
  for (const [mi, mod] of spec.modules.entries()) {
    const [m] = await ds.query(`INSERT INTO modules (course_id, title, "order") VALUES ($1, $2, $3) RETURNING id`, [course.id, mod.title, mi]);
    for (const [li, l] of mod.lessons.entries()) {
      const [row] = await ds.query(
        `INSERT INTO lessons (module_id, title, lesson_type, "order", video_lecture_id_slug, reading_pdf_id_slugs, link_urls, quiz_group, project_group, video_captions_id_slug)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id, id_slug`,
        [
          m.id, l.title, l.type, li, l.video ?? null, l.readings ?? [], l.links ?? [],
          l.type === 'QUIZ' ? { total_questions: 10, time_limit_minutes: 20 } : null,
          l.type === 'PROJECT' ? { total_questions: 1, time_limit_minutes: 600, instructions_files_urls: [] } : null,
          l.captions ?? null,
        ],
      );
      lessons[l.title] = row;
    }
  }
  return { ...course, lessons };
}

const DAY = 86_400_000;

/** Inserts a cohort linked to courses; `ended` puts its whole access window in the past. */
export async function insertCohort(ds: DataSource, title: string, courseIds: string[], opts: { ended?: boolean; resultOpen?: Date | null } = {}) {
  const now = Date.now();
  const start = new Date(opts.ended ? now - 200 * DAY : now - 10 * DAY);
  const end = new Date(opts.ended ? now - 100 * DAY : now + 60 * DAY);
  const access = new Date(opts.ended ? now - 50 * DAY : now + 90 * DAY);
  const [cohort] = await ds.query(
    `INSERT INTO cohorts (title, start_date, end_date, end_access_date, result_open_date) VALUES ($1, $2, $3, $4, $5) RETURNING id, id_slug`,
    [title, start, end, access, opts.resultOpen ?? null],
  );
  await ds.query(
    `INSERT INTO cohort_courses (cohort_id, course_id, "order") SELECT $1, c, o - 1 FROM unnest($2::bigint[]) WITH ORDINALITY t(c, o)`,
    [cohort.id, courseIds],
  );
  return cohort as { id: string; id_slug: string };
}

export async function enrol(ds: DataSource, cohortId: string, userId: string, status: 'ACTIVE' | 'SUSPENDED' | 'COMPLETED' = 'ACTIVE') {
  await ds.query(`INSERT INTO enrolments (cohort_id, user_id, enrolment_status) VALUES ($1, $2, $3)`, [cohortId, userId, status]);
}
