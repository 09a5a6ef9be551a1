/** What other modules may use of admissions: the module to import and its service (the submission's confirmation mail, the audit log). */
export { AdmissionsModule } from './admissions.module';
export { AdmissionsService } from './admissions.service';
