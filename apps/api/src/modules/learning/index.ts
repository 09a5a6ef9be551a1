/**
 * What the app's root and the benchmark may use of learning: the module, and the class view's and the
 * dashboard's own way of reading (the statement text and the view's builder over any prepared-statement
 * runner), so the benchmark's ceiling runs the very same SQL without a service shaped for it.
 */
export { LearningModule } from './learning.module';
export { CurriculumCache, type RunPrepared, userCohortViewJson } from './cohort-view';
export { USER_COHORT_PROGRESS_SQL, USER_COHORTS_SQL } from './class-view.queries';
