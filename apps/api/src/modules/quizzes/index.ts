/** What the app's root may use of quizzes: the service, whose autosave is served as a direct route (create-app.ts). */
export { QuizzesService } from './quizzes.service';
