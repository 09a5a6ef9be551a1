/**
 * What the app's root and other modules may use of quizzes: the module to import, and the service
 * (grading asks it to follow an extension's dates on open attempts; the demo seed takes quizzes).
 */
export { QuizzesModule } from './quizzes.module';
export { QuizzesService } from './quizzes.service';
// The quiz benchmark runs a class's statements (start, autosave, view) through the module's own queries.
export { lockStartTarget, openSession } from './quiz-attempts.queries';
export { saveAnswers } from './quiz-answers.queries';
export { sessionView } from './quiz-session-view.queries';
// ... and a submission with the attempt as the API answers it.
export { submitAttempt } from './quiz-submission';
export { attemptView } from './quiz-view';
