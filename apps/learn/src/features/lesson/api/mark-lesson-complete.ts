import { type ApiClient, completionPercentage, type CoursePart, type UserCohortView } from '@school/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export interface MarkCompleteInput {
  cohortId: string;
  courseId: string;
  lessonId: string;
}

export function markLessonComplete(client: ApiClient, cohortId: string, userIdSlug: string, lessonId: string) {
  return client.call('markLessonComplete', { params: { cohortId }, body: { user_id_slug: userIdSlug, lesson_id_slug: lessonId } });
}

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

/**
 * Marks a lesson complete. The locally completed id is added to the cached course and class
 * (so the page shows it at once), then the class is fetched again for the recomputed progress.
 */
export function useMarkLessonComplete() {
  const { client, user } = useSession();
  const queryClient = useQueryClient();
  const userIdSlug = user?.id_slug ?? '';
  return useMutation({
    mutationFn: ({ cohortId, lessonId }: MarkCompleteInput) => markLessonComplete(client, cohortId, userIdSlug, lessonId),
    onSuccess: (_data, { cohortId, courseId, lessonId }) => {
      queryClient.setQueryData<CoursePart>(['course-view', cohortId, courseId, userIdSlug], (course) =>
        course ? withLessonCompleted(course, lessonId) : course,
      );
      queryClient.setQueryData<UserCohortView>(['cohort-view', cohortId, userIdSlug], (view) =>
        view && !view.user_cohort_part.completed_lessons_ids.includes(lessonId)
          ? {
              ...view,
              user_cohort_part: {
                ...view.user_cohort_part,
                completed_lessons_ids: [...view.user_cohort_part.completed_lessons_ids, lessonId],
              },
            }
          : view,
      );
      void queryClient.invalidateQueries({ queryKey: ['cohort-view', cohortId] });
      void queryClient.invalidateQueries({ queryKey: ['user-cohorts'] });
    },
  });
}
