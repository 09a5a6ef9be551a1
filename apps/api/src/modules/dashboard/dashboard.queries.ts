import { ACTIVE_STUDENT_DAYS, type AdminDashboard, APPLICATIONS_WAITING_STATUSES } from '@school/contracts';
import { mustOne, type Sql } from '../../common/sql/db';
import { cohortStatusWhere } from '../../common/sql/cohort-status';
import { JOBS_SCHEMA } from '../../platform/jobs/jobs-schema';

/**
 * The admin dashboard's figures in one statement, each a count an index answers: running cohorts
 * (cohorts' start and end date indexes), students seen in a class lately (enrolments by last
 * access), hand-ins waiting for grading (the partial index of SUBMITTED grades), applications
 * waiting for the school (by status) and failed jobs (pg-boss's own state index).
 */
export const adminDashboard = (q: Sql) =>
  mustOne<AdminDashboard>(
    q,
    `SELECT (SELECT count(*) FROM cohorts k WHERE ${cohortStatusWhere('k', 'ONGOING')})::int AS running_cohorts,
            (SELECT count(DISTINCT e.user_id) FROM enrolments e
              WHERE e.latest_access_datetime >= now() - make_interval(days => $1))::int AS active_students,
            (SELECT count(*) FROM user_grades ug WHERE ug.user_submission_status = 'SUBMITTED')::int AS awaiting_grading,
            (SELECT count(*) FROM programme_applications a WHERE a.status = ANY($2::text[]))::int AS applications_waiting,
            (SELECT count(*) FROM ${JOBS_SCHEMA}.job j WHERE j.state = 'failed')::int AS failed_jobs`,
    [ACTIVE_STUDENT_DAYS, APPLICATIONS_WAITING_STATUSES],
  );
