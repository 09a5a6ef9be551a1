import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EmailSchema, type BulkAddResult, type BulkErrorStudent, type BulkStudentRow, type QueueEntry } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import type { Sql } from '../../common/sql/db';
import { MailService } from '../../platform/mail/mail.service';
import { type NewEnrolment, queueEnrolledMails } from './enrolled-mail';
import { type LockedCohort, type RowOutcome, writeBulkAdd } from './enrolments.queries';
import { type InvitationSend, withdrawQueuedBySlug } from './invitations.queries';
import { InvitationsService } from './invitations.service';

export const DUPLICATE_ROW = 'This email appears more than once in the file';
export const NOT_A_STUDENT = 'This account is not a student account';
export const ALREADY_IN_QUEUE = "This email is already in the cohort's queue";
export const EMAIL_IN_COHORT = 'This email belongs to a student already enrolled in the cohort';

/** Rows checked one by one: those to write (emails normalised) and those already in error. */
interface CheckedRows {
  total: number;
  valid: BulkStudentRow[];
  errors: BulkErrorStudent[];
}

function checkRows(students: BulkStudentRow[]): CheckedRows {
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

/** Every count of the answer, with the people queued (no account yet) and the rows in error. */
function summarise(checked: CheckedRows, outcomes: RowOutcome[]): BulkAddResult {
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
 * Adds a CSV's worth of students to a cohort, inside the caller's transaction (`q`). Rows are
 * checked here; the valid ones go to the database in one statement: existing student accounts are
 * enrolled, emails without an account join the cohort's queue (they are enrolled when they
 * register) and get an invitation, and every row is reported. `enrolled` gets the new enrolments
 * and `invited` the new invitations' sends before the answer is made.
 */
export async function bulkAdd(
  q: Sql,
  cohortIdSlug: string,
  students: BulkStudentRow[],
  enrolled: (cohort: LockedCohort, enrolments: NewEnrolment[]) => Promise<void> = async () => undefined,
  invited: (sends: InvitationSend[]) => Promise<void> = async () => undefined,
): Promise<BulkAddResult> {
  const checked = checkRows(students);
  const written = await writeBulkAdd(q, cohortIdSlug, checked.valid);
  if (!written) throw new NotFoundException(COHORT_NOT_FOUND);
  const { cohort, outcomes } = written;
  await enrolled(
    cohort,
    outcomes.flatMap((r) =>
      r.enrolment_id
        ? [{ enrolment_id: r.enrolment_id, email: checked.valid[r.ord - 1].email, first_name: r.account_first_name ?? '' }]
        : [],
    ),
  );
  await invited(outcomes.flatMap((r) => (r.invitation_id ? [{ id: r.invitation_id, send: r.invitation_send ?? 1 }] : [])));
  return summarise(checked, outcomes);
}

/**
 * The bulk add in one transaction: nothing is written when any part fails. Registrations wait
 * while it runs (and it waits for those under way), so an email is either enrolled here or queued
 * for a registration that has not started.
 */
@Injectable()
export class BulkAddService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
  ) {}

  add(cohortIdSlug: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
    return this.db.transaction((m) => this.write(m, cohortIdSlug, students));
  }

  /**
   * The single add by email: the bulk add of one row, in its own transaction. A student account is
   * enrolled, an email without one is queued and invited; a row the bulk add would only report
   * (staff account, already enrolled, already queued) is refused with its reason instead.
   */
  addOne(cohortIdSlug: string, row: BulkStudentRow): Promise<BulkAddResult> {
    return this.db.transaction(async (m) => {
      const result = await this.write(m, cohortIdSlug, [row]);
      if (result.errors > 0) throw new ConflictException(result.error_students[0].reason);
      if (result.already_in_cohort > 0) throw new ConflictException(EMAIL_IN_COHORT);
      if (result.already_in_queue > 0) throw new ConflictException(ALREADY_IN_QUEUE);
      return result;
    });
  }

  /**
   * The bulk add inside the caller's transaction (admissions enrols an accepted applicant with the
   * change of their application): an existing student account is enrolled and told, an email
   * without an account is queued and invited to create it.
   */
  addWithin(m: EntityManager, cohortIdSlug: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
    return this.write(m, cohortIdSlug, students);
  }

  /**
   * Inside the caller's transaction: the email leaves the cohort's queue and its invitation stops
   * working (admissions, when an applicant who accepted withdraws: their seat is given on).
   */
  withdrawWithin(m: EntityManager, cohortIdSlug: string, email: string): Promise<void> {
    return withdrawQueuedBySlug(m, cohortIdSlug, email);
  }

  private write(m: EntityManager, cohortIdSlug: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
    // Each new enrolment's notice and each new invitation is queued with it: a rolled-back add sends nothing.
    return bulkAdd(
      m,
      cohortIdSlug,
      students,
      (cohort, enrolments) => queueEnrolledMails(m, this.mail, cohort, enrolments),
      (sends) => this.invitations.queueSends(m, sends),
    );
  }
}
