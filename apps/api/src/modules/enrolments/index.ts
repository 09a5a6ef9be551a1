/**
 * What other modules may use of enrolments: a student row as the admin reads show it (a SQL
 * fragment, so that a cohort's view stays one statement), and the cohort's add of students
 * (admissions enrols accepted applicants with it).
 */
export { STUDENT_JSON } from './enrolments.queries';
export { EnrolmentsModule } from './enrolments.module';
export { BulkAddService } from './bulk-add.service';
