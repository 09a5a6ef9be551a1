/**
 * What the app's root and other modules may use of quizzes: the module to import, and the service
 * (its autosave is served as a direct route, create-app.ts; grading asks it to follow an
 * extension's dates on open attempts).
 */
export { QuizzesModule } from './quizzes.module';
export { QuizzesService } from './quizzes.service';
