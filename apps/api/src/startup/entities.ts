import { FormSubmissionEntity } from '../modules/forms/form-submission.entity';
import { ProgrammeApplicationEntity } from '../modules/applications/programme-application.entity';
import { CourseEntity } from '../modules/courses/course.entity';
import { CohortEntity } from '../modules/cohorts/cohort.entity';

/** Every TypeORM entity. Entities serve writes and small reads; hot reads use SQL. */
export const entities = [FormSubmissionEntity, ProgrammeApplicationEntity, CourseEntity, CohortEntity];
