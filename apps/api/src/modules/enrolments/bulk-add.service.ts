import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EmailSchema, type BulkAddResult, type BulkErrorStudent, type BulkStudentRow, type QueueEntry } from '@school/contracts';
import { DataSource } from 'typeorm';
import { LOCK_QUEUE_FOR_BULK_ADD_FROM } from '../../common/cohort-queue-lock';
import { MailService } from '../../platform/mail/mail.service';
import { COHORT_NOT_FOUND } from '../cohorts/cohorts.service';
import { queueEnrolledMails } from './enrolled-mail';

export const DUPLICATE_ROW = 'This email appears more than once in the file';
export const NOT_A_STUDENT = 'This account is not a student account';

/** Rows checked one by one: those to write (emails normalised) and those already in error. */
export interface CheckedRows {
  total: number;
  valid: BulkStudentRow[];
  errors: BulkErrorStudent[];
}

/** What the statement did with each valid row (`ord` is its 1-based place among the valid rows). */
export interface RowOutcome {
  ord: number;
  has_account: boolean;
  is_student: boolean;
  enrolled: boolean;
  queued: boolean;
  /** The enrolment this row created, if any, and the account's first name (for its notice). */
  enrolment_id: string | null;
  account_first_name: string | null;
}

export function checkRows(students: BulkStudentRow[]): CheckedRows {
  const errors: BulkErrorStudent[] = [];
  const valid: BulkStudentRow[] = [];
  const seen = new Set<string>();
  for (const row of students) {
    const email = EmailSchema.safeParse(row.email);
    if (!email.success) errors.push({ ...row, reason: email.error.issues[0].message });
    else if (seen.has(email.data)) errors.push({ ...row, email: email.data, reason: DUPLICATE_ROW });
    else {
      seen.add(email.data);
      valid.push({ ...row, email: email.data });
    }
  }
  return { total: students.length, valid, errors };
}

/**
 * Locks the cohort ($1 id_slug) against deletion while its students are written, and the cohort
 * queue against registrations (see cohort-queue-lock.ts), in one statement.
 */
export const LOCK_COHORT_SQL = `SELECT c.id, c.id_slug, c.title, c.start_date, c.end_date FROM ${LOCK_QUEUE_FOR_BULK_ADD_FROM}, cohorts c WHERE c.id_slug = $1 FOR SHARE OF c`;

/**
 * The whole write in one statement: $1 cohort id, $2/$3/$4 emails, first and last names.
 * Student accounts are enrolled, emails without an account queued; nothing is written twice.
 */
export const BULK_ADD_SQL = `
WITH input AS (
  SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(email, first_name, last_name, ord)
), matched AS (
  SELECT i.*, u.id AS user_id, u.role, u.first_name AS account_first_name FROM input i LEFT JOIN users u ON u.email = i.email
), enrolled AS (
  INSERT INTO enrolments (cohort_id, user_id)
  SELECT $1, user_id FROM matched WHERE role = 'STUDENT'
  ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING user_id, id
), queued AS (
  INSERT INTO cohort_queue (cohort_id, email, first_name, last_name)
  SELECT $1, email, first_name, last_name FROM matched WHERE user_id IS NULL
  ON CONFLICT (cohort_id, email) DO NOTHING RETURNING email
)
SELECT m.ord::int, m.user_id IS NOT NULL AS has_account, m.role IS NOT DISTINCT FROM 'STUDENT' AS is_student,
       e.user_id IS NOT NULL AS enrolled, q.email IS NOT NULL AS queued, e.id::text AS enrolment_id, m.account_first_name
  FROM matched m
  LEFT JOIN enrolled e ON e.user_id = m.user_id
  LEFT JOIN queued q ON q.email = m.email`;

export const bulkAddValues = (cohortId: string, rows: BulkStudentRow[]) => [
  cohortId,
  rows.map((r) => r.email),
  rows.map((r) => r.first_name),
  rows.map((r) => r.last_name),
];

/** Every count of the answer, with the people queued (no account yet) and the rows in error. */
export function summarise(checked: CheckedRows, outcomes: RowOutcome[]): BulkAddResult {
  const errorStudents = [...checked.errors];
  const queuedStudents: QueueEntry[] = [];
  let added = 0;
  let addedToQueue = 0;
  let alreadyInCohort = 0;
  let alreadyInQueue = 0;
  for (const o of [...outcomes].sort((a, b) => a.ord - b.ord)) {
    const row = checked.valid[o.ord - 1];
    if (o.has_account && !o.is_student) errorStudents.push({ ...row, reason: NOT_A_STUDENT });
    else if (o.has_account && o.enrolled) added++;
    else if (o.has_account) alreadyInCohort++;
    else {
      if (o.queued) addedToQueue++;
      else alreadyInQueue++;
      queuedStudents.push({ email: row.email, first_name: row.first_name, last_name: row.last_name });
    }
  }
  return {
    total_processed: checked.total,
    successfully_added_to_cohort: added,
    added_to_queue: addedToQueue,
    already_in_cohort: alreadyInCohort,
    already_in_queue: alreadyInQueue,
    errors: errorStudents.length,
    queued_students: queuedStudents,
    error_students: errorStudents,
  };
}

/**
 * Adds a CSV's worth of students to a cohort. Rows are checked here; the valid ones go to the
 * database in one statement inside one transaction: existing student accounts are enrolled, emails
 * without an account join the cohort's queue (they are enrolled when they register), and every row
 * is reported. Nothing is written when any part fails. Registrations wait while it runs (and it
 * waits for those under way), so an email is either enrolled here or queued for a registration
 * that has not started.
 */
@Injectable()
export class BulkAddService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
  ) {}

  async add(cohortIdSlug: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
    const checked = checkRows(students);
    const outcomes = await this.db.transaction(async (m) => {
      const [cohort] = await m.query(LOCK_COHORT_SQL, [cohortIdSlug]);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      if (!checked.valid.length) return [] as RowOutcome[];
      const rows = (await m.query(BULK_ADD_SQL, bulkAddValues(cohort.id, checked.valid))) as RowOutcome[];
      // Each new enrolment's notice is queued with it: a rolled-back add sends nothing.
      await queueEnrolledMails(
        m,
        this.mail,
        cohort,
        rows.flatMap((r) => (r.enrolment_id ? [{ enrolment_id: r.enrolment_id, email: checked.valid[r.ord - 1].email, first_name: r.account_first_name ?? '' }] : [])),
      );
      return rows;
    });
    return summarise(checked, outcomes);
  }
}
