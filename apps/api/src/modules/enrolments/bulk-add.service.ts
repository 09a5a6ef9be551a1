import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { EmailSchema, type BulkAddResult, type BulkErrorStudent, type BulkStudentRow, type QueueEntry } from '@school/contracts';
import { DataSource } from 'typeorm';
import { COHORT_NOT_FOUND } from '../cohorts/cohorts.service';

export const DUPLICATE_ROW = 'This email appears more than once in the file';
export const NOT_A_STUDENT = 'This account is not a student account';

interface Outcome {
  ord: number;
  has_account: boolean;
  is_student: boolean;
  enrolled: boolean;
  queued: boolean;
}

/**
 * Adds a CSV's worth of students to a cohort. Rows are checked here; the valid ones go to the
 * database in one statement inside one transaction: existing student accounts are enrolled, emails
 * without an account join the cohort's queue (they are enrolled when they register), and every row
 * is reported. Nothing is written when any part fails.
 */
@Injectable()
export class BulkAddService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async add(cohortIdSlug: string, students: BulkStudentRow[]): Promise<BulkAddResult> {
    const errorStudents: BulkErrorStudent[] = [];
    const valid: (BulkStudentRow & { email: string })[] = [];
    const seen = new Set<string>();
    for (const row of students) {
      const email = EmailSchema.safeParse(row.email);
      if (!email.success) {
        errorStudents.push({ ...row, reason: email.error.issues[0].message });
      } else if (seen.has(email.data)) {
        errorStudents.push({ ...row, email: email.data, reason: DUPLICATE_ROW });
      } else {
        seen.add(email.data);
        valid.push({ ...row, email: email.data });
      }
    }

    const outcomes = await this.db.transaction(async (m) => {
      // FOR SHARE keeps the cohort from being deleted while its students are written.
      const [cohort] = await m.query(`SELECT id FROM cohorts WHERE id_slug = $1 FOR SHARE`, [cohortIdSlug]);
      if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
      if (!valid.length) return [] as Outcome[];
      return (await m.query(
        `WITH input AS (
           SELECT * FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS t(email, first_name, last_name, ord)
         ), matched AS (
           SELECT i.*, u.id AS user_id, u.role FROM input i LEFT JOIN users u ON u.email = i.email
         ), enrolled AS (
           INSERT INTO enrolments (cohort_id, user_id)
           SELECT $1, user_id FROM matched WHERE role = 'STUDENT'
           ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING user_id
         ), queued AS (
           INSERT INTO cohort_queue (cohort_id, email, first_name, last_name)
           SELECT $1, email, first_name, last_name FROM matched WHERE user_id IS NULL
           ON CONFLICT (cohort_id, email) DO NOTHING RETURNING email
         )
         SELECT m.ord::int, m.user_id IS NOT NULL AS has_account, m.role = 'STUDENT' AS is_student,
                e.user_id IS NOT NULL AS enrolled, q.email IS NOT NULL AS queued
           FROM matched m
           LEFT JOIN enrolled e ON e.user_id = m.user_id
           LEFT JOIN queued q ON q.email = m.email`,
        [cohort.id, valid.map((r) => r.email), valid.map((r) => r.first_name), valid.map((r) => r.last_name)],
      )) as Outcome[];
    });

    let added = 0;
    let addedToQueue = 0;
    let alreadyInCohort = 0;
    let alreadyInQueue = 0;
    const queuedStudents: QueueEntry[] = [];
    for (const o of outcomes.sort((a, b) => a.ord - b.ord)) {
      const row = valid[o.ord - 1];
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
      total_processed: students.length,
      successfully_added_to_cohort: added,
      added_to_queue: addedToQueue,
      already_in_cohort: alreadyInCohort,
      already_in_queue: alreadyInQueue,
      errors: errorStudents.length,
      queued_students: queuedStudents,
      error_students: errorStudents,
    };
  }
}
