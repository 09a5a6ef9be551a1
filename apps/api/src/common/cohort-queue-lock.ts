/**
 * Registration and bulk enrolment meet in `cohort_queue`: a bulk add queues emails that have no
 * account, registration turns an email's queue entries into enrolments. Without a common lock each
 * could miss the other's uncommitted write (the bulk add queues an email whose account is being
 * created; the registration empties a queue that is being filled), leaving a registered student
 * queued and not enrolled. Registrations take this lock shared (they never wait for each other),
 * a bulk add takes it exclusively: each then runs after the other has committed, and reads what it
 * wrote. Both take it as the first statement of their transaction.
 */
const COHORT_QUEUE_LOCK_KEY = 7_364_001_400;

export const LOCK_QUEUE_FOR_REGISTRATION_SQL = `SELECT pg_advisory_xact_lock_shared(${COHORT_QUEUE_LOCK_KEY})`;
/** For a FROM list: the exclusive lock taken once by the statement. */
export const LOCK_QUEUE_FOR_BULK_ADD_FROM = `pg_advisory_xact_lock(${COHORT_QUEUE_LOCK_KEY}) queue_lock`;
