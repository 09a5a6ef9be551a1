import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AddStudentBulkSchema,
  AddStudentSchema,
  AdminStudentListQuerySchema,
  CohortIdParamsSchema,
  CohortQueueQuerySchema,
  CohortStudentsQuerySchema,
  RemoveStudentSchema,
  UpdateStudentEnrolmentSchema,
  type AddStudent,
  type AddStudentBulk,
  type AdminStudentListQuery,
  type CohortQueueQuery,
  type CohortStudentsQuery,
  type RemoveStudent,
  type UpdateStudentEnrolment,
} from '@school/contracts';
import { AdminOnly } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { BulkAddService } from './bulk-add.service';
import { EnrolmentsService } from './enrolments.service';
import { StudentsService } from './students.service';

type CohortParams = { cohortId: string };
const cohortParams = new ZodPipe(CohortIdParamsSchema);

/** A cohort's students: list, queue, add (one or many), suspend or resume, remove. */
@AdminOnly()
@Controller('cohorts/admin/:cohortId')
export class EnrolmentsController {
  constructor(
    @Inject(EnrolmentsService) private readonly enrolments: EnrolmentsService,
    @Inject(BulkAddService) private readonly bulk: BulkAddService,
    @Inject(StudentsService) private readonly students: StudentsService,
  ) {}

  @Get('students')
  list(@Param(cohortParams) p: CohortParams, @Query(new ZodPipe(CohortStudentsQuerySchema)) q: CohortStudentsQuery) {
    return this.students.cohortStudents(p.cohortId, q);
  }

  @Get('queue')
  queue(@Param(cohortParams) p: CohortParams, @Query(new ZodPipe(CohortQueueQuerySchema)) q: CohortQueueQuery) {
    return this.students.queue(p.cohortId, q);
  }

  @Patch('update-students')
  updateStatus(@Param(cohortParams) p: CohortParams, @Body(new ZodPipe(UpdateStudentEnrolmentSchema)) body: UpdateStudentEnrolment) {
    return this.enrolments.updateStatus(p.cohortId, body);
  }

  @Delete('remove-student')
  remove(@Param(cohortParams) p: CohortParams, @Body(new ZodPipe(RemoveStudentSchema)) body: RemoveStudent) {
    return this.enrolments.remove(p.cohortId, body.user_id_slug);
  }

  @Post('add-student')
  add(@Param(cohortParams) p: CohortParams, @Body(new ZodPipe(AddStudentSchema)) body: AddStudent) {
    return this.enrolments.add(p.cohortId, body.user_id_slug);
  }

  @HttpCode(200)
  @Post('add-student-bulk')
  addBulk(@Param(cohortParams) p: CohortParams, @Body(new ZodPipe(AddStudentBulkSchema)) body: AddStudentBulk) {
    return this.bulk.add(p.cohortId, body.students);
  }
}

/** The school-wide student list (its path sits under auth/ as the console calls it). */
@AdminOnly()
@Controller('auth/admin/students')
export class StudentsController {
  constructor(@Inject(StudentsService) private readonly students: StudentsService) {}

  @Get('list')
  list(@Query(new ZodPipe(AdminStudentListQuerySchema)) q: AdminStudentListQuery) {
    return this.students.list(q);
  }
}
