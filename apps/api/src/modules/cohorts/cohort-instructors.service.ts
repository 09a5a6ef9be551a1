import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type CohortInstructorsResponse, INSTRUCTOR_MESSAGES } from '@school/contracts';
import { DataSource } from 'typeorm';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { likePattern } from '../../common/sql/list';
import { assignInstructor, cohortInstructors, instructorCandidates, removeInstructor } from './cohort-instructors.queries';

/**
 * Who teaches a cohort (`cohort_instructors`), set by admins. Every check of an instructor's reach
 * (grading, quizzes, the instructor's home) reads that table in its own statement and no process
 * caches it, so an assignment or a removal takes effect on the next request.
 */
@Injectable()
export class CohortInstructorsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(cohortSlug: string): Promise<CohortInstructorsResponse> {
    const data = await cohortInstructors(this.db, cohortSlug);
    if (!data) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data };
  }

  async candidates(cohortSlug: string, search?: string): Promise<CohortInstructorsResponse> {
    const term = search?.trim();
    const data = await instructorCandidates(this.db, cohortSlug, term ? likePattern(term) : null);
    if (!data) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data };
  }

  async assign(cohortSlug: string, userSlug: string): Promise<CohortInstructorsResponse> {
    const row = await assignInstructor(this.db, cohortSlug, userSlug);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    if (!row.staff)
      throw new BadRequestException({ message: INSTRUCTOR_MESSAGES.notStaff, errors: { user_id_slug: INSTRUCTOR_MESSAGES.notStaff } });
    return this.list(cohortSlug);
  }

  async remove(cohortSlug: string, userSlug: string): Promise<CohortInstructorsResponse> {
    const row = await removeInstructor(this.db, cohortSlug, userSlug);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    if (!row.removed) throw new NotFoundException(INSTRUCTOR_MESSAGES.notTeaching);
    return this.list(cohortSlug);
  }
}
