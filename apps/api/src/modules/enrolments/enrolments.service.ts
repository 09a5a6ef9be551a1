import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { StudentCohortResponse, UpdateStudentEnrolment } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { MailService } from '../../platform/mail/mail.service';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { queueEnrolledMails } from './enrolled-mail';

export const STUDENT_NOT_FOUND = 'Student not found';
export const NOT_IN_COHORT = 'This student is not enrolled in the cohort';
export const ALREADY_IN_COHORT = 'This student is already enrolled in the cohort';
export const COMPLETED_ENROLMENT = 'A completed enrolment cannot be suspended or resumed';

interface Found {
  cohort: { id: string; id_slug: string; title: string; start_date: Date; end_date: Date };
  user: { id: string; id_slug: string; first_name: string; last_name: string; email: string };
}

const answer = ({ cohort, user }: Found): StudentCohortResponse => ({
  user_info: { id_slug: user.id_slug, first_name: user.first_name, last_name: user.last_name, email: user.email },
  cohort_info: { id_slug: cohort.id_slug, title: cohort.title },
});

/** Admin changes to one student's enrolment in a cohort. */
@Injectable()
export class EnrolmentsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MailService) private readonly mail: MailService,
  ) {}

  /** ACTIVE and SUSPENDED toggle; a COMPLETED enrolment stays as it is. */
  async updateStatus(cohortIdSlug: string, body: UpdateStudentEnrolment): Promise<{ cohort_id_slug: string }> {
    const rows: { enrolment_status: string; updated: boolean }[] = await this.db.query(
      `WITH e AS (
         SELECT e.id, e.enrolment_status FROM enrolments e
           JOIN cohorts k ON k.id = e.cohort_id JOIN users u ON u.id = e.user_id
          WHERE k.id_slug = $1 AND u.id_slug = $2 AND u.role = 'STUDENT'),
       up AS (
         UPDATE enrolments SET enrolment_status = $3, modified_date = now()
          WHERE id IN (SELECT id FROM e WHERE enrolment_status IN ('ACTIVE', 'SUSPENDED')) RETURNING id)
       SELECT e.enrolment_status, EXISTS (SELECT 1 FROM up) AS updated FROM e`,
      [cohortIdSlug, body.user_id_slug, body.enrolment_status],
    );
    if (!rows.length) throw new NotFoundException(NOT_IN_COHORT);
    if (!rows[0].updated) throw new ConflictException(COMPLETED_ENROLMENT);
    return { cohort_id_slug: cohortIdSlug };
  }

  async add(cohortIdSlug: string, userIdSlug: string): Promise<StudentCohortResponse> {
    return this.db.transaction(async (m) => {
      const found = await this.find(m, cohortIdSlug, userIdSlug);
      const inserted = await m.query(
        `INSERT INTO enrolments (cohort_id, user_id) VALUES ($1, $2) ON CONFLICT (cohort_id, user_id) DO NOTHING RETURNING id`,
        [found.cohort.id, found.user.id],
      );
      if (!inserted.length) throw new ConflictException(ALREADY_IN_COHORT);
      await queueEnrolledMails(m, this.mail, found.cohort, [{ enrolment_id: String(inserted[0].id), email: found.user.email, first_name: found.user.first_name }]);
      return answer(found);
    });
  }

  /** Takes the student out of the cohort with their progress, grades and certificates in it. */
  async remove(cohortIdSlug: string, userIdSlug: string): Promise<StudentCohortResponse> {
    return this.db.transaction(async (m) => {
      const found = await this.find(m, cohortIdSlug, userIdSlug);
      const [deleted] = await m.query(`DELETE FROM enrolments WHERE cohort_id = $1 AND user_id = $2 RETURNING id`, [
        found.cohort.id,
        found.user.id,
      ]);
      if (!deleted.length) throw new NotFoundException(NOT_IN_COHORT);
      const params = [found.cohort.id, found.user.id];
      await m.query(`DELETE FROM lesson_completions WHERE cohort_id = $1 AND user_id = $2`, params);
      await m.query(`DELETE FROM user_grades ug USING cohort_grades g WHERE ug.cohort_grade_id = g.id AND g.cohort_id = $1 AND ug.user_id = $2`, params);
      await m.query(`DELETE FROM user_certificates WHERE cohort_id = $1 AND user_id = $2`, params);
      return answer(found);
    });
  }

  /** The cohort (locked against deletion meanwhile) and the student, or 404. */
  private async find(m: EntityManager, cohortIdSlug: string, userIdSlug: string): Promise<Found> {
    const [cohort] = await m.query(`SELECT id, id_slug, title, start_date, end_date FROM cohorts WHERE id_slug = $1 FOR SHARE`, [cohortIdSlug]);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const [user] = await m.query(`SELECT id, id_slug, first_name, last_name, email FROM users WHERE id_slug = $1 AND role = 'STUDENT'`, [
      userIdSlug,
    ]);
    if (!user) throw new NotFoundException(STUDENT_NOT_FOUND);
    return { cohort, user };
  }
}
