import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { COACH_MESSAGES, type CohortCoachesResponse, type CohortInstructorsResponse, type MyTraineesQuery } from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { COHORT_NOT_FOUND } from '../../common/not-found';
import { likePattern } from '../../common/sql/list';
import {
  coachCandidates,
  coachTarget,
  cohortCoaches,
  myTrainees,
  removeCoach,
  saveCoach,
  setTrainees,
  traineeOf,
} from './coaching.queries';

/**
 * Who coaches a cohort (`cohort_coaches`, `coach_trainees`), set by admins. Reach checks read those
 * tables in their own statement (see coach-reach.ts), so a change takes effect on the next request.
 */
@Injectable()
export class CoachingService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async list(cohortSlug: string): Promise<CohortCoachesResponse> {
    const data = await cohortCoaches(this.db, cohortSlug);
    if (!data) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data };
  }

  async candidates(cohortSlug: string, search?: string): Promise<CohortInstructorsResponse> {
    const term = search?.trim();
    const data = await coachCandidates(this.db, cohortSlug, term ? likePattern(term) : null);
    if (!data) throw new NotFoundException(COHORT_NOT_FOUND);
    return { data };
  }

  /** Makes a staff account a coach of the cohort, of the trainees listed (none: all), in one transaction. */
  async assign(me: AuthUser, cohortSlug: string, userSlug: string, traineeSlugs: string[]): Promise<CohortCoachesResponse> {
    await this.db.transaction(async (m) => {
      const target = await this.target(m, cohortSlug, userSlug, traineeSlugs);
      if (!target.staff || !target.coach_id)
        throw new BadRequestException({ message: COACH_MESSAGES.notStaff, errors: { user_id_slug: COACH_MESSAGES.notStaff } });
      await saveCoach(m, target.cohort_id, target.coach_id, traineeSlugs, me.id);
    });
    return this.list(cohortSlug);
  }

  /** Sets the trainees an existing coach of the cohort follows. */
  async trainees(cohortSlug: string, userSlug: string, traineeSlugs: string[]): Promise<CohortCoachesResponse> {
    await this.db.transaction(async (m) => {
      const target = await this.target(m, cohortSlug, userSlug, traineeSlugs);
      if (!target.coaching || !target.coach_id) throw new NotFoundException(COACH_MESSAGES.notCoaching);
      await setTrainees(m, target.cohort_id, target.coach_id, traineeSlugs);
    });
    return this.list(cohortSlug);
  }

  async remove(cohortSlug: string, userSlug: string): Promise<CohortCoachesResponse> {
    const row = await removeCoach(this.db, cohortSlug, userSlug);
    if (!row) throw new NotFoundException(COHORT_NOT_FOUND);
    if (!row.removed) throw new NotFoundException(COACH_MESSAGES.notCoaching);
    return this.list(cohortSlug);
  }

  myTrainees(me: AuthUser, query: MyTraineesQuery) {
    return myTrainees(this.db, me.id, query);
  }

  /**
   * Staff who do not follow the trainee get the same 404 as for an enrolment that does not exist
   * (the design's rule for reads keyed by a student: "forbidden" and "not found" answer alike).
   */
  async trainee(me: AuthUser, cohortSlug: string, userSlug: string) {
    const data = await traineeOf(this.db, me.id, me.role === 'ADMIN', cohortSlug, userSlug);
    if (!data) throw new NotFoundException(COACH_MESSAGES.notFollowed);
    return { data };
  }

  /** The cohort and the coach account, refusing trainees who are not enrolled in the cohort. */
  private async target(m: DataSource['manager'], cohortSlug: string, userSlug: string, traineeSlugs: string[]) {
    const target = await coachTarget(m, cohortSlug, userSlug, traineeSlugs);
    if (!target) throw new NotFoundException(COHORT_NOT_FOUND);
    if (target.enrolled !== traineeSlugs.length)
      throw new BadRequestException({ message: COACH_MESSAGES.notEnrolled, errors: { trainee_id_slugs: COACH_MESSAGES.notEnrolled } });
    return target;
  }
}
