import { CohortLessonParamsSchema, GradeItemIdParamsSchema, LessonIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import {
  AnswerIdParamsSchema,
  FreeTextAnswersQuerySchema,
  FreeTextAnswersResponseSchema,
  QuizAttemptsResponseSchema,
  QuizAuthoringResponseSchema,
  QuizLessonsResponseSchema,
  QuizAttemptResponseSchema,
  QuizStartResponseSchema,
  SaveAnswersResponseSchema,
  SaveAnswersSchema,
  SaveQuizSchema,
  ScoreAnswerResponseSchema,
  ScoreAnswerSchema,
  SessionIdParamsSchema,
} from './quizzes.schemas';

/**
 * Quizzes: authoring (admins, and instructors for the courses of cohorts they teach), taking
 * (the student's own attempts) and grading free text by hand. Roles are checked per record by
 * the service, so these routes are open to every signed-in user.
 */
export const quizzesRoutes = defineRoutes({
  quizLessons: {
    method: 'GET',
    path: 'quizzes/admin/lessons/',
    response: QuizLessonsResponseSchema,
    auth: 'user',
    summary: 'The quiz lessons of the courses of the cohorts the signed-in instructor teaches',
  },
  quizAuthoring: {
    method: 'GET',
    path: 'quizzes/admin/lessons/:lessonId/',
    params: LessonIdParamsSchema,
    response: QuizAuthoringResponseSchema,
    auth: 'user',
    summary: "A QUIZ lesson's quiz with its question bank and answer keys (admins, the course's instructors)",
  },
  quizSave: {
    method: 'PUT',
    path: 'quizzes/admin/lessons/:lessonId/',
    params: LessonIdParamsSchema,
    body: SaveQuizSchema,
    response: QuizAuthoringResponseSchema,
    auth: 'user',
    summary: "Save a QUIZ lesson's quiz: settings and the whole bank in order",
  },
  quizAttempts: {
    method: 'GET',
    path: 'quizzes/cohorts/:cohortId/lessons/:lessonId/attempts/',
    params: CohortLessonParamsSchema,
    response: QuizAttemptsResponseSchema,
    auth: 'user',
    summary: "The signed-in student's attempts at a quiz of a cohort",
  },
  quizStart: {
    method: 'POST',
    path: 'quizzes/cohorts/:cohortId/lessons/:lessonId/start/',
    params: CohortLessonParamsSchema,
    response: QuizStartResponseSchema,
    auth: 'user',
    summary: 'Start an attempt, or resume the one under way',
  },
  quizSession: {
    method: 'GET',
    path: 'quizzes/sessions/:sessionId/',
    params: SessionIdParamsSchema,
    response: QuizAttemptResponseSchema,
    auth: 'user',
    summary: "One of the signed-in student's attempts",
  },
  quizSaveAnswers: {
    method: 'PUT',
    path: 'quizzes/sessions/:sessionId/answers/',
    params: SessionIdParamsSchema,
    body: SaveAnswersSchema,
    response: SaveAnswersResponseSchema,
    auth: 'user',
    summary: 'Autosave answers of an open attempt (refused after its deadline)',
  },
  quizSubmit: {
    method: 'POST',
    path: 'quizzes/sessions/:sessionId/submit/',
    params: SessionIdParamsSchema,
    response: QuizAttemptResponseSchema,
    auth: 'user',
    summary: 'Submit an attempt: it is scored and feeds the grade item',
  },
  quizFreeTextAnswers: {
    method: 'GET',
    path: 'quizzes/admin/grades/:gradeItemId/free-text-answers/',
    params: GradeItemIdParamsSchema,
    query: FreeTextAnswersQuerySchema,
    response: FreeTextAnswersResponseSchema,
    auth: 'user',
    summary: "A grade item's free-text answers to grade by hand (admins, the cohort's instructors)",
  },
  quizScoreAnswer: {
    method: 'PATCH',
    path: 'quizzes/admin/answers/:answerId/score/',
    params: AnswerIdParamsSchema,
    body: ScoreAnswerSchema,
    response: ScoreAnswerResponseSchema,
    auth: 'user',
    summary: "Score a free-text answer; the attempt's score and the grade item follow",
  },
});
