import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type {
  AdminStudentListQuery,
  AdminStudentListResponse,
  CohortQueueQuery,
  CohortQueueResponse,
  CohortStudentsQuery,
  CohortStudentsResponse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { cohortQueue, cohortStudents, listStudents } from './enrolments.queries';

/** Reads of students: the school-wide list, a cohort's students and its queue. One statement each. */
@Injectable()
export class StudentsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Accounts with role STUDENT only, whatever `role` asks for. Each row carries the enrolment in
   * `cohort_id_slug` when given, else the latest one (null when the student has none).
   */
  list(q: AdminStudentListQuery): Promise<AdminStudentListResponse> {
    return listStudents(this.db, q);
  }

  /** The students of a cohort, newest enrolment first by default; `created_date` sorts by enrolment date. */
  async cohortStudents(cohortIdSlug: string, q: CohortStudentsQuery): Promise<CohortStudentsResponse> {
    const found = await cohortStudents(this.db, cohortIdSlug, q);
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    return found;
  }

  /** People queued for a cohort (no account yet), in the order they were added. */
  async queue(cohortIdSlug: string, q: CohortQueueQuery): Promise<CohortQueueResponse> {
    const found = await cohortQueue(this.db, cohortIdSlug, q);
    if (!found) throw new NotFoundException(COHORT_NOT_FOUND);
    return found;
  }
}
