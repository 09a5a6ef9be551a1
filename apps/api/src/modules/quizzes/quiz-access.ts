import { NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { AuthUser } from '../../common/auth.decorators';
import type { Sql } from '../../common/sql/db';
import { authoringLesson } from './quiz-authoring.queries';

/** The same answer for "not yours" and "does not exist", so ids cannot be probed. */
export const NOT_AVAILABLE = 'This content is not available right now.';
export const NOT_A_QUIZ_MESSAGE = 'Only a quiz lesson has a quiz.';

export type AuthoredLesson = NonNullable<Awaited<ReturnType<typeof authoringLesson>>>;

/** A QUIZ lesson the user may author: admins any, instructors those of courses of cohorts they teach. */
export async function authorLesson(q: Sql, me: AuthUser, lessonIdSlug: string): Promise<AuthoredLesson> {
  if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
  const lesson = await authoringLesson(q, lessonIdSlug, me.id, me.role === 'ADMIN');
  if (!lesson) throw new NotFoundException(NOT_AVAILABLE);
  if (lesson.lesson_type !== 'QUIZ') throw new UnprocessableEntityException(NOT_A_QUIZ_MESSAGE);
  return lesson;
}
