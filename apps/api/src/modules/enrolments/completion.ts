import type { EntityManager } from 'typeorm';

/**
 * Recomputes the stored completion percentage of every enrolment in the given cohorts, after a
 * change to what those cohorts teach (curriculum edited, course linked or unlinked). One statement.
 */
export async function refreshCompletion(m: EntityManager, cohortIds: string[]): Promise<void> {
  if (!cohortIds.length) return;
  await m.query(
    `WITH totals AS (
       SELECT cc.cohort_id, count(l.id) AS total
         FROM cohort_courses cc
         JOIN modules md ON md.course_id = cc.course_id
         JOIN lessons l ON l.module_id = md.id
        WHERE cc.cohort_id = ANY($1::bigint[])
        GROUP BY cc.cohort_id
     ), done AS (
       SELECT lc.user_id, lc.cohort_id, count(*) AS n
         FROM lesson_completions lc
         JOIN lessons l ON l.id = lc.lesson_id
         JOIN modules md ON md.id = l.module_id
         JOIN cohort_courses cc ON cc.cohort_id = lc.cohort_id AND cc.course_id = md.course_id
        WHERE lc.cohort_id = ANY($1::bigint[])
        GROUP BY lc.user_id, lc.cohort_id
     )
     UPDATE enrolments e
        SET completion_percentage = COALESCE(LEAST(100, round(100.0 * d.n / NULLIF(t.total, 0), 2)), 0)
       FROM enrolments e2
       LEFT JOIN totals t ON t.cohort_id = e2.cohort_id
       LEFT JOIN done d ON d.user_id = e2.user_id AND d.cohort_id = e2.cohort_id
      WHERE e.id = e2.id AND e2.cohort_id = ANY($1::bigint[])`,
    [cohortIds],
  );
}

/** The cohorts that teach a course. */
export async function cohortsOfCourse(m: EntityManager, courseId: string): Promise<string[]> {
  const rows: { cohort_id: string }[] = await m.query(`SELECT cohort_id FROM cohort_courses WHERE course_id = $1`, [courseId]);
  return rows.map((r) => r.cohort_id);
}
