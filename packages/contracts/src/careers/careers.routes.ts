import { defineRoutes } from '../common/route';
import { UserCohortViewParamsSchema } from '../learning/learning.schemas';
import {
  JobApplicationIdParamsSchema,
  CareerCohortParamsSchema,
  CareerPipelineResponseSchema,
  ChangeApplicationStageSchema,
  CreateJobApplicationSchema,
  DeletedApplicationResponseSchema,
  JobApplicationResponseSchema,
  MyCareerResponseSchema,
  RecordConversionOfferSchema,
  TraineeCareerResponseSchema,
} from './careers.schemas';

/** Career support: the trainee's own applications, the coach's view of a trainee and a cohort's pipeline. */
export const careersRoutes = defineRoutes({
  myCareer: {
    method: 'GET',
    path: 'careers/me',
    response: MyCareerResponseSchema,
    auth: 'user',
    summary: "The signed-in trainee's career support: its clock, the host's conversion offer, their applications and interviews this month",
  },
  createMyJobApplication: {
    method: 'POST',
    path: 'careers/me/applications',
    body: CreateJobApplicationSchema,
    response: JobApplicationResponseSchema,
    auth: 'user',
    successStatus: 201,
    summary: 'Logs a job application of the signed-in trainee',
  },
  changeMyApplicationStage: {
    method: 'POST',
    path: 'careers/me/applications/:applicationId/stages',
    params: JobApplicationIdParamsSchema,
    body: ChangeApplicationStageSchema,
    response: JobApplicationResponseSchema,
    auth: 'user',
    summary: "Moves one of the trainee's own applications to another stage (a new entry of its history)",
  },
  deleteMyJobApplication: {
    method: 'DELETE',
    path: 'careers/me/applications/:applicationId',
    params: JobApplicationIdParamsSchema,
    response: DeletedApplicationResponseSchema,
    auth: 'user',
    summary: "Deletes one of the trainee's own applications with its history",
  },
  staffTraineeCareer: {
    method: 'GET',
    path: 'careers/trainees/:cohortId/:userIdSlug',
    params: UserCohortViewParamsSchema,
    response: TraineeCareerResponseSchema,
    auth: 'staff',
    summary: "A trainee's career support in a cohort, for an admin or a coach who follows them",
  },
  staffRecordConversionOffer: {
    method: 'POST',
    path: 'careers/trainees/:cohortId/:userIdSlug/conversion-offers',
    params: UserCohortViewParamsSchema,
    body: RecordConversionOfferSchema,
    response: TraineeCareerResponseSchema,
    auth: 'staff',
    successStatus: 201,
    summary: "Records the host company's conversion offer for a placed trainee (a new entry; earlier ones stay)",
  },
  staffCareerPipeline: {
    method: 'GET',
    path: 'careers/pipeline/:cohortId',
    params: CareerCohortParamsSchema,
    response: CareerPipelineResponseSchema,
    auth: 'staff',
    summary:
      "A cohort's career pipeline: each trainee the caller follows (an admin: all) with their applications by stage, interviews this month, the host's offer and their career day",
  },
});
