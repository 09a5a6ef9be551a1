import { Controller, Inject } from '@nestjs/common';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { BulkAddService } from './bulk-add.service';
import { EnrolmentsService } from './enrolments.service';
import { StudentsService } from './students.service';

/** A cohort's students: list, queue, add (one or many), suspend or resume, complete, remove. */
@Controller()
export class EnrolmentsController {
  constructor(
    @Inject(EnrolmentsService) private readonly enrolments: EnrolmentsService,
    @Inject(BulkAddService) private readonly bulk: BulkAddService,
    @Inject(StudentsService) private readonly students: StudentsService,
  ) {}

  @Route('adminCohortStudents')
  list(@RouteParams() p: ParamsOf<'adminCohortStudents'>, @RouteQuery() q: QueryOf<'adminCohortStudents'>) {
    return this.students.cohortStudents(p.cohortId, q);
  }

  @Route('adminCohortQueue')
  queue(@RouteParams() p: ParamsOf<'adminCohortQueue'>, @RouteQuery() q: QueryOf<'adminCohortQueue'>) {
    return this.students.queue(p.cohortId, q);
  }

  @Route('adminUpdateStudents')
  updateStatus(@RouteParams() p: ParamsOf<'adminUpdateStudents'>, @RouteBody() body: BodyOf<'adminUpdateStudents'>) {
    return this.enrolments.updateStatus(p.cohortId, body);
  }

  @Route('adminCompleteStudent')
  complete(@RouteParams() p: ParamsOf<'adminCompleteStudent'>, @RouteBody() body: BodyOf<'adminCompleteStudent'>) {
    return this.enrolments.complete(p.cohortId, body.user_id_slug);
  }

  @Route('adminRemoveStudent')
  remove(@RouteParams() p: ParamsOf<'adminRemoveStudent'>, @RouteBody() body: BodyOf<'adminRemoveStudent'>) {
    return this.enrolments.remove(p.cohortId, body.user_id_slug);
  }

  @Route('adminAddStudent')
  add(@RouteParams() p: ParamsOf<'adminAddStudent'>, @RouteBody() body: BodyOf<'adminAddStudent'>) {
    // The schema lets through exactly one of the two: an account, or an email (queued and invited when it has none).
    if (body.user_id_slug !== undefined) return this.enrolments.add(p.cohortId, body.user_id_slug);
    return this.bulk.addOne(p.cohortId, { email: body.email ?? '', first_name: body.first_name ?? '', last_name: body.last_name ?? '' });
  }

  /** Its JSON body may be up to the table's body limit (2 MB), set in create-app.ts. */
  @Route('adminAddStudentBulk')
  addBulk(@RouteParams() p: ParamsOf<'adminAddStudentBulk'>, @RouteBody() body: BodyOf<'adminAddStudentBulk'>) {
    return this.bulk.add(p.cohortId, body.students);
  }
}

/** The school-wide student list (its path sits under auth/ as the console calls it). */
@Controller()
export class StudentsController {
  constructor(@Inject(StudentsService) private readonly students: StudentsService) {}

  @Route('adminStudentList')
  list(@RouteQuery() q: QueryOf<'adminStudentList'>) {
    return this.students.list(q);
  }
}
