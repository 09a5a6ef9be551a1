/** What other modules may use of enrolments: the Nest module and the services it exports. */
export { EnrolmentsModule } from './enrolments.module';
export { StudentsService } from './students.service';
