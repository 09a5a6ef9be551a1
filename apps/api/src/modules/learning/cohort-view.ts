import {
  completionPercentage,
  type CourseSummary,
  isReleased,
  type LatestLesson,
  studentGradeStatuses,
  type UserCohortView,
  weightedTotal,
} from '@school/contracts';
import type { JsonText } from '../../common/json-text';
import { COHORT_CURRICULUM_SQL, USER_COHORT_PROGRESS_SQL } from './class-view.queries';

/**
 * The learner's cohort view, put together from two parts: the student's own progress (one small
 * statement per request) and the cohort's curriculum, which is the same for every student and is
 * cached in this process per (cohort, curriculum_version). The version lives in the database and
 * triggers bump it on every change of the cohort's course links, courses, modules or lessons, so
 * each API instance notices an edit on its next request. Shared with the benchmark's ceiling.
 */

/** Runs one named prepared statement and answers its rows. */
export type RunPrepared = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>;

type LessonType = CourseSummary['modules'][number]['lessons'][number]['lesson_type'];

/** A lesson as COHORT_CURRICULUM_SQL answers it: [id, id_slug, title, lesson_type, order]. */
type RawLesson = [number, string, string, LessonType, number];
interface RawCourse {
  id_slug: string;
  title: string;
  modules: { id_slug: string; title: string; order: number; lessons: RawLesson[] }[];
}

/**
 * The curriculum keeps each piece of courses_part serialised, so a view is put together by joining
 * strings rather than by building and stringifying ~300 objects per request.
 */
interface CurriculumLesson {
  id: number;
  id_slug: string;
  title: string;
  lesson_type: LessonType;
  course: { id_slug: string; title: string };
  /** The lesson in courses_part: [not completed, completed]. */
  json: readonly [string, string];
}
interface CurriculumModule {
  /** `{"id_slug":…,"title":…,"order":…,"lessons":[` */
  open: string;
  lessons: CurriculumLesson[];
}
interface CurriculumCourse {
  /** `{"id_slug":…,"title":…,"modules":[` */
  open: string;
  modules: CurriculumModule[];
  lessonCount: number;
}

type GradeItem = UserCohortView['user_grades_part'][number];

/** A grade item of the cohort; `result_open_ms` and the info's `result_open_datetime` are its own (null: the cohort's). */
interface CurriculumGrade {
  id: number;
  id_slug: string;
  result_open_ms: number | null;
  /** When it opens (its own date, else the cohort's start), its deadline and late deadline. */
  opens_ms: number | null;
  deadline_ms: number | null;
  late_deadline_ms: number | null;
  info: GradeItem['cohort_grade_info'];
}

/** A cohort's courses, modules and lessons in order, its lessons by internal id, and its grade items in order. */
export interface Curriculum {
  courses: CurriculumCourse[];
  lessons: Map<number, CurriculumLesson>;
  grades: CurriculumGrade[];
}

/** An object's JSON without its closing brace, to append more members to. */
const openObject = (value: object) => JSON.stringify(value).slice(0, -1);

function toCurriculum(raw: RawCourse[], grades: CurriculumGrade[]): Curriculum {
  const lessons = new Map<number, CurriculumLesson>();
  const courses = raw.map((c) => {
    const course = { id_slug: c.id_slug, title: c.title };
    let lessonCount = 0;
    const modules = c.modules.map((m) => ({
      open: `${openObject({ id_slug: m.id_slug, title: m.title, order: m.order })},"lessons":[`,
      lessons: m.lessons.map(([id, idSlug, title, lessonType, order]) => {
        const entry = (done: boolean) =>
          JSON.stringify({ lesson_id: idSlug, lesson_title: title, lesson_type: lessonType, is_completed: done, order });
        const lesson = { id, id_slug: idSlug, title, lesson_type: lessonType, course, json: [entry(false), entry(true)] as const };
        lessons.set(id, lesson);
        lessonCount++;
        return lesson;
      }),
    }));
    return { open: `${openObject(course)},"modules":[`, modules, lessonCount };
  });
  return { courses, lessons, grades };
}

/**
 * Curricula by cohort, the most recently used kept (each cohort's newest version only). Loads of
 * the same (cohort, version) at once share one statement.
 */
export class CurriculumCache {
  private readonly entries = new Map<string, { version: bigint; curriculum: Curriculum }>();
  private readonly loading = new Map<string, Promise<Curriculum | null>>();

  constructor(private readonly maxCohorts = 500) {}

  async get(run: RunPrepared, cohortId: string, version: string): Promise<Curriculum | null> {
    const hit = this.entries.get(cohortId);
    if (hit && hit.version === BigInt(version)) {
      // Most recently used last.
      this.entries.delete(cohortId);
      this.entries.set(cohortId, hit);
      return hit.curriculum;
    }
    const key = `${cohortId}:${version}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(run, cohortId).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(run: RunPrepared, cohortId: string): Promise<Curriculum | null> {
    const [row] = await run<{ curriculum_version: string; courses: RawCourse[]; grades: CurriculumGrade[] }>(
      'learning.cohort-curriculum',
      COHORT_CURRICULUM_SQL,
      [cohortId],
    );
    if (!row) return null;
    // Kept under the version read with it (never older than the one asked for).
    const version = BigInt(row.curriculum_version);
    const curriculum = toCurriculum(row.courses, row.grades);
    const current = this.entries.get(cohortId);
    if (!current || current.version <= version) {
      this.entries.delete(cohortId);
      this.entries.set(cohortId, { version, curriculum });
      if (this.entries.size > this.maxCohorts) this.entries.delete(this.entries.keys().next().value!);
    }
    return curriculum;
  }

  clear(): void {
    this.entries.clear();
  }
}

interface ProgressRow {
  cohort_id: string;
  curriculum_version: string;
  id_slug: string;
  enrolment_status: UserCohortView['user_cohort_part']['enrolment_status'];
  head: Pick<UserCohortView, 'title' | 'start_date' | 'end_date' | 'end_access_date'>;
  done: number[];
  latest_lesson_id: string | null;
  latest_completed_at: string | null;
  result_open_date: string | null;
  result_open_ms: number | null;
  now_ms: number;
  /** [grade item, id_slug, stored grade, status, grade after any late penalty (graded only)]. */
  user_grades: [number, string, number | null, GradeItem['user_submission_status'], number | null, boolean | null][];
  /** [grade item, grade]: the grades set by hand in force. */
  overrides: [number, number][];
  /** [grade item, deadline ms, late deadline ms, deadline]: the student's where an extension moved them. */
  extensions: [number, number | null, number | null, string | null][];
  certificates: UserCohortView['certificates_part'];
}

/** The one completion rule (the SQL function completion_percentage applies the same). */
export { completionPercentage };

/** courses_part as JSON: the curriculum's serialised pieces, with the student's completions and percentages. */
function coursesPartJson(curriculum: Curriculum, done: Set<number>): string {
  let out = '[';
  for (let ci = 0; ci < curriculum.courses.length; ci++) {
    const course = curriculum.courses[ci];
    let courseDone = 0;
    out += ci ? `,${course.open}` : course.open;
    for (let mi = 0; mi < course.modules.length; mi++) {
      const m = course.modules[mi];
      let moduleDone = 0;
      out += mi ? `,${m.open}` : m.open;
      for (let li = 0; li < m.lessons.length; li++) {
        const lesson = m.lessons[li];
        const isCompleted = done.has(lesson.id);
        if (isCompleted) moduleDone++;
        if (li) out += ',';
        out += lesson.json[isCompleted ? 1 : 0];
      }
      courseDone += moduleDone;
      out += `],"completion_percentage":${completionPercentage(moduleDone, m.lessons.length)}}`;
    }
    out += `],"total_lessons":${course.lessonCount},"completion_percentage":${completionPercentage(courseDone, course.lessonCount)}}`;
  }
  return `${out}]`;
}

/**
 * The cohort as one student sees it, as JSON text: null when the student may not read the cohort
 * (enrolled as ACTIVE or SUSPENDED; after the cohort's end_access_date too, read-only). At most 2 statements:
 * the student's part, and the curriculum when this process does not hold its current version.
 */
export async function userCohortViewJson(
  run: RunPrepared,
  cache: CurriculumCache,
  cohortIdSlug: string,
  userIdSlug: string,
  recordVisit: boolean,
): Promise<JsonText<UserCohortView> | null> {
  const [p] = await run<ProgressRow>('learning.cohort-progress', USER_COHORT_PROGRESS_SQL, [cohortIdSlug, userIdSlug, recordVisit]);
  if (!p) return null;
  const curriculum = await cache.get(run, p.cohort_id, p.curriculum_version);
  if (!curriculum) return null;

  const completedLessonsIds: string[] = [];
  for (const id of p.done) {
    const lesson = curriculum.lessons.get(id);
    if (lesson) completedLessonsIds.push(lesson.id_slug);
  }
  const latest = p.latest_lesson_id === null ? undefined : curriculum.lessons.get(Number(p.latest_lesson_id));
  const latest_lesson_part: LatestLesson | null = latest
    ? {
        lesson_id: latest.id_slug,
        lesson_title: latest.title,
        lesson_type: latest.lesson_type,
        completed_at: p.latest_completed_at!,
        course_info: { course_id_slug: latest.course.id_slug, course_title: latest.course.title },
      }
    : null;

  // The student's grades of every cohort, looked up by this cohort's grade items only. A grade
  // stays hidden until its results open (its own date, else the cohort's).
  const mine = new Map(p.user_grades.map((g) => [g[0], g]));
  const extended = new Map(p.extensions.map((x) => [x[0], x]));
  const byHand = new Map(p.overrides.map((o) => [o[0], Number(o[1])]));
  // Statuses come from the student's dates (an extension moves them) and hand-in, at the time of the request.
  const grades: GradeItem[] = curriculum.grades.map((g) => {
    const ug = mine.get(g.id);
    const x = extended.get(g.id);
    const set = byHand.get(g.id);
    // A grade set by hand is a grade even without a hand-in or grading; it shows from the result date like any other.
    const graded = ug?.[3] === 'GRADED' || set !== undefined;
    const released = graded && isReleased(g.result_open_ms ?? p.result_open_ms, p.now_ms);
    const deadline = x ? x[1] : g.deadline_ms;
    const statuses = studentGradeStatuses({
      now: p.now_ms,
      opensAt: g.opens_ms,
      deadline,
      lateDeadline: x ? x[2] : g.late_deadline_ms,
      submitted: ug?.[3] === 'SUBMITTED' || ug?.[3] === 'GRADED',
      graded,
      released,
    });
    // The grade that counts is a grade set by hand, else the one after any late penalty; the
    // computed one is shown beside a late penalty (never beside a grade set by hand).
    const original = released && set === undefined && ug?.[3] === 'GRADED' && ug[2] !== null ? Number(ug[2]) : null;
    const counted = !released ? null : set !== undefined ? set : ug![4] !== null && ug![4] !== undefined ? Number(ug![4]) : original;
    return {
      id_slug: ug ? ug[1] : g.id_slug,
      user_grade: counted,
      user_submission_status: statuses.user_submission_status,
      cohort_grade_info: {
        ...g.info,
        deadline_datetime: x ? x[3] : g.info.deadline_datetime,
        result_open_datetime: g.info.result_open_datetime ?? p.result_open_date,
        submission_status: statuses.submission_status,
      },
      original_grade: original !== null && counted !== original ? original : null,
      deadline_extended: x !== undefined && deadline !== g.deadline_ms,
      set_by_hand: released && set !== undefined,
    };
  });

  const rest: Omit<UserCohortView, keyof ProgressRow['head'] | 'courses_part'> = {
    latest_lesson_part,
    user_cohort_part: {
      completed_lessons_ids: completedLessonsIds,
      cohort_id_slug: p.id_slug,
      total_grades: grades.length,
      enrolment_status: p.enrolment_status,
      // Released grades only, as the gradebook weighs them.
      weighted_total: weightedTotal(grades.map((g) => ({ weight: g.cohort_grade_info.grade_percentage, grade: g.user_grade }))),
    },
    user_grades_part: grades,
    certificates_part: p.certificates,
  };
  // Members in the order of the type: the head, courses_part, then the rest.
  return `${openObject(p.head)},"courses_part":${coursesPartJson(curriculum, new Set(p.done))},${JSON.stringify(rest).slice(1)}`;
}
