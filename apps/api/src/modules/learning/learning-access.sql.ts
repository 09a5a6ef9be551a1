/**
 * The access rule shared by every statement of the learner portal (each ONE statement that checks
 * access and shapes the answer in PostgreSQL): the user is enrolled in the cohort as ACTIVE or
 * SUSPENDED. Lessons (their content, files and completion) also need the cohort's
 * end_access_date not to have passed; after it the class stays listed as ended, with its
 * grades and certificates still readable. No row means "not found".
 */
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';

export { LISTED_ENROLMENT };
export const READABLE_ENROLMENT = `${LISTED_ENROLMENT} AND c.end_access_date > now()`;
