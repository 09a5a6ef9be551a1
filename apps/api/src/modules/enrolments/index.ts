/**
 * What other modules may use of enrolments: a student row as the admin reads show it (a SQL
 * fragment, so that a cohort's view stays one statement), and the cohort's add of students
 * (admissions enrols accepted applicants with it). The benchmark reads the student list and runs a
 * bulk add through the same exports (the list's statement text and its reader, the add on a client).
 */
export { STUDENT_JSON } from './enrolments.queries';
export { EnrolmentsModule } from './enrolments.module';
export { BulkAddService } from './bulk-add.service';
export { bulkAdd } from './bulk-add.service';
export { listStudents, studentListQuery } from './enrolments.queries';
