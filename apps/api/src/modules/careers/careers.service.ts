import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  APPLICATION_STAGES,
  CAREER_MESSAGES,
  careerClock,
  type CareerPipelineResponse,
  type ChangeApplicationStage,
  type CreateJobApplication,
  INTERVIEW_TARGET,
  type JobApplication,
  type MyCareerResponse,
  type RecordConversionOffer,
  type TraineeCareer,
  type TraineeCareerResponse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import { schoolDate } from '../../common/school-calendar';
import { windowsOf } from '../timeline';
import {
  applicationById,
  careerPipeline,
  type CareerRow,
  deleteOwnApplication,
  insertApplication,
  insertOffer,
  lockedOwnApplication,
  moveApplication,
  myCareer,
  myPlacementCohort,
  staffCareer,
} from './careers.queries';

const refuse = (field: string, message: string) => new BadRequestException({ message, errors: { [field]: message } });

/** The trainee's own CAREER window (their longer phases move it), as the timeline works it out. */
const careerWindow = (k: Parameters<typeof windowsOf>[0], userId: string) => {
  const w = windowsOf(k, 'CAREER');
  return w.students.get(userId) ?? w.cohort;
};

/**
 * Career support, the timeline's CAREER phase after on-the-job training. A trainee keeps their own
 * job applications (others', like no such application, answer 404) in the cohort of their latest
 * placement; a stage change is a new entry of the application's history, so interviews count in the
 * month they happened. The host's conversion offer is recorded by the trainee's coach or an admin as
 * a new entry each time. Staff reach only the trainees they follow (admins: all), each read in one
 * statement, the cohort's pipeline too.
 */
@Injectable()
export class CareersService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async mine(me: AuthUser): Promise<MyCareerResponse> {
    const row = await myCareer(this.db, me.id);
    return { data: row ? this.shown(row) : null };
  }

  async create(me: AuthUser, body: CreateJobApplication): Promise<{ data: JobApplication }> {
    if (body.applied_on > schoolDate(new Date())) throw refuse('applied_on', CAREER_MESSAGES.appliedInFuture);
    const placed = await myPlacementCohort(this.db, me.id);
    if (!placed) throw refuse('employer', CAREER_MESSAGES.notPlaced);
    return { data: (await insertApplication(this.db, placed.cohort_id, me.id, body)).application };
  }

  changeStage(me: AuthUser, slug: string, body: ChangeApplicationStage): Promise<{ data: JobApplication }> {
    return this.db.transaction(async (m) => {
      const found = await lockedOwnApplication(m, slug, me.id);
      if (!found) throw new NotFoundException(CAREER_MESSAGES.applicationNotFound);
      if (found.stage === body.stage) throw refuse('stage', CAREER_MESSAGES.sameStage);
      await moveApplication(m, found.id, body.stage);
      return { data: (await applicationById(m, found.id)).application };
    });
  }

  async remove(me: AuthUser, slug: string): Promise<{ deleted: true }> {
    if (!(await deleteOwnApplication(this.db, slug, me.id))) throw new NotFoundException(CAREER_MESSAGES.applicationNotFound);
    return { deleted: true };
  }

  async trainee(me: AuthUser, cohortSlug: string, userSlug: string): Promise<TraineeCareerResponse> {
    const row = await staffCareer(this.db, cohortSlug, userSlug, me.id, me.role === 'ADMIN');
    if (!row) throw new NotFoundException(CAREER_MESSAGES.traineeNotFound);
    return { data: this.shown(row) };
  }

  async recordOffer(me: AuthUser, cohortSlug: string, userSlug: string, body: RecordConversionOffer): Promise<TraineeCareerResponse> {
    const row = await staffCareer(this.db, cohortSlug, userSlug, me.id, me.role === 'ADMIN');
    if (!row) throw new NotFoundException(CAREER_MESSAGES.traineeNotFound);
    if (!row.host) throw refuse('state', CAREER_MESSAGES.traineeNotPlaced);
    if (body.offered_on > schoolDate(new Date())) throw refuse('offered_on', CAREER_MESSAGES.offerDateInFuture);
    await insertOffer(this.db, row.cohort_id, row.user_id, body, me.id);
    return this.trainee(me, cohortSlug, userSlug);
  }

  async pipeline(me: AuthUser, cohortSlug: string): Promise<CareerPipelineResponse> {
    const found = await careerPipeline(this.db, cohortSlug, me.id, me.role === 'ADMIN');
    if (!found) throw new NotFoundException(CAREER_MESSAGES.cohortNotFound);
    const today = schoolDate(new Date());
    const w = windowsOf(found, 'CAREER');
    return {
      cohort: { id_slug: found.id_slug, title: found.title },
      month: found.month,
      target: INTERVIEW_TARGET,
      data: found.trainees.map((t) => {
        const own = w.students.get(t.user_id) ?? w.cohort;
        return {
          trainee: { id_slug: t.id_slug, first_name: t.first_name, last_name: t.last_name },
          placed: t.placed,
          stages: Object.fromEntries(
            APPLICATION_STAGES.map((s) => [s, t.stages?.[s] ?? 0]),
          ) as CareerPipelineResponse['data'][number]['stages'],
          interviews_this_month: t.interviews_this_month,
          last_applied_on: t.last_applied_on,
          offer: t.offer,
          clock: careerClock(own.start, own.end, today),
        };
      }),
    };
  }

  private shown(row: CareerRow): TraineeCareer {
    const own = careerWindow(row, row.user_id);
    return {
      cohort: { id_slug: row.cohort_slug, title: row.cohort_title },
      trainee: { id_slug: row.id_slug, first_name: row.first_name, last_name: row.last_name },
      host: row.host,
      clock: careerClock(own.start, own.end, schoolDate(new Date())),
      offers: row.offers,
      applications: row.applications,
      interviews: { month: row.month, count: row.interviews, target: INTERVIEW_TARGET },
    };
  }
}
