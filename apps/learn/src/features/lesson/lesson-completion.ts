import { completionPercentage, type CoursePart, type UserCohortView } from '@school/contracts';
import { routeKey, useRouteMutation } from '@school/ui';
import type { QueryClient } from '@tanstack/react-query';

/** Adds a lesson to a course's completion lists, as the server now has it. */
export function withLessonCompleted(course: CoursePart, lessonId: string): CoursePart {
  return {
    ...course,
    completed_lessons: course.completed_lessons.includes(lessonId) ? course.completed_lessons : [...course.completed_lessons, lessonId],
    modules: course.modules.map((m) => {
      if (!m.lessons.some((l) => l.id_slug === lessonId)) return m;
      const lessons = m.lessons.map((l) => (l.id_slug === lessonId ? { ...l, is_completed: true } : l));
      const done = lessons.filter((l) => l.is_completed).length;
      return { ...m, lessons, completion_percentage: completionPercentage(done, lessons.length) };
    }),
  };
}

type CourseViewAnswer = { data: { course_part: CoursePart } };

/** Writes the locally completed lesson into the cached course holding it and into the cached class. */
function showCompleted(queryClient: QueryClient, cohortId: string, lessonId: string) {
  queryClient.setQueriesData<CourseViewAnswer>({ queryKey: routeKey('userCourseView', { params: { cohortId } }) }, (answer) =>
    answer && answer.data.course_part.modules.some((m) => m.lessons.some((l) => l.id_slug === lessonId))
      ? { ...answer, data: { ...answer.data, course_part: withLessonCompleted(answer.data.course_part, lessonId) } }
      : answer,
  );
  queryClient.setQueriesData<{ data: UserCohortView }>({ queryKey: routeKey('userCohortView', { params: { cohortId } }) }, (answer) => {
    const part = answer?.data.user_cohort_part;
    if (!answer || !part || part.completed_lessons_ids.includes(lessonId)) return answer;
    return {
      ...answer,
      data: { ...answer.data, user_cohort_part: { ...part, completed_lessons_ids: [...part.completed_lessons_ids, lessonId] } },
    };
  });
}

/**
 * Marks a lesson complete. The locally completed id is added to the cached course and class
 * (so the page shows it at once), then the class and the classes list are fetched again for the
 * recomputed progress.
 */
export function useMarkLessonComplete() {
  return useRouteMutation('markLessonComplete', {
    onSuccess: (_answer, vars, queryClient) => showCompleted(queryClient, vars.params.cohortId, vars.body.lesson_id_slug),
    invalidates: (vars) => [routeKey('userCohortView', { params: { cohortId: vars.params.cohortId } }), routeKey('userCohorts')],
  });
}
