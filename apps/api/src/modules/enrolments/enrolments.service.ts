import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { StudentCohortResponse, UpdateStudentEnrolment } from '@school/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { MailService } from '../../platform/mail/mail.service';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { queueEnrolledMails } from './enrolled-mail';
import {
  deleteCohortRecords,
  deleteEnrolment,
  type EnrolCohortRow,
  type EnrolStudentRow,
  findStudent,
  completeEnrolment,
  insertEnrolment,
  setEnrolmentStatus,
  shareCohort,
} from './enrolments.queries';

export const STUDENT_NOT_FOUND = 'Student not found';
export const NOT_IN_COHORT = 'This student is not enrolled in the cohort';
export const ALREADY_IN_COHORT = 'This student is already enrolled in the cohort';
export const COMPLETED_ENROLMENT = 'A completed enrolment cannot be suspended or resumed';
export const ALREADY_COMPLETED = "This student's enrolment is already completed";
export const SUSPENDED_NOT_COMPLETED = 'A suspended enrolment cannot be completed: unsuspend the student first';

interface Found {
  cohort: EnrolCohortRow;
  user: EnrolStudentRow;
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
    const row = await setEnrolmentStatus(this.db, cohortIdSlug, body.user_id_slug, body.enrolment_status);
    if (!row) throw new NotFoundException(NOT_IN_COHORT);
    if (!row.updated) throw new ConflictException(COMPLETED_ENROLMENT);
    return { cohort_id_slug: cohortIdSlug };
  }

  /** An ACTIVE enrolment becomes COMPLETED, for good: it is then neither suspended nor resumed. */
  async complete(cohortIdSlug: string, userIdSlug: string): Promise<{ cohort_id_slug: string }> {
    const row = await completeEnrolment(this.db, cohortIdSlug, userIdSlug);
    if (!row) throw new NotFoundException(NOT_IN_COHORT);
    if (!row.updated) throw new ConflictException(row.enrolment_status === 'COMPLETED' ? ALREADY_COMPLETED : SUSPENDED_NOT_COMPLETED);
    return { cohort_id_slug: cohortIdSlug };
  }

  async add(cohortIdSlug: string, userIdSlug: string): Promise<StudentCohortResponse> {
    return this.db.transaction(async (m) => {
      const found = await this.find(m, cohortIdSlug, userIdSlug);
      const enrolmentId = await insertEnrolment(m, found.cohort.id, found.user.id);
      if (enrolmentId === undefined) throw new ConflictException(ALREADY_IN_COHORT);
      await queueEnrolledMails(m, this.mail, found.cohort, [
        { enrolment_id: enrolmentId, email: found.user.email, first_name: found.user.first_name },
      ]);
      return answer(found);
    });
  }

  /** Takes the student out of the cohort with their progress, grades and certificates in it. */
  async remove(cohortIdSlug: string, userIdSlug: string): Promise<StudentCohortResponse> {
    return this.db.transaction(async (m) => {
      const found = await this.find(m, cohortIdSlug, userIdSlug);
      if (!(await deleteEnrolment(m, found.cohort.id, found.user.id))) throw new NotFoundException(NOT_IN_COHORT);
      await deleteCohortRecords(m, found.cohort.id, found.user.id);
      return answer(found);
    });
  }

  /** The cohort (locked against deletion meanwhile) and the student, or 404. */
  private async find(m: EntityManager, cohortIdSlug: string, userIdSlug: string): Promise<Found> {
    const cohort = await shareCohort(m, cohortIdSlug);
    if (!cohort) throw new NotFoundException(COHORT_NOT_FOUND);
    const user = await findStudent(m, userIdSlug);
    if (!user) throw new NotFoundException(STUDENT_NOT_FOUND);
    return { cohort, user };
  }
}
