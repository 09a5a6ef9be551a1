/**
 * What other modules may use of enrolments: a student row as the admin reads show it (a SQL
 * fragment, so that a cohort's view stays one statement).
 */
export { STUDENT_JSON } from './enrolments.queries';
