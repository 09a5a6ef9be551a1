import type { AnswerValue, ApiClient, QuizAttempt } from '@school/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@school/ui';

export const quizAttemptKey = (sessionId: string) => ['quiz-attempt', sessionId];
export const quizAttemptsKey = (cohortId: string, lessonId: string) => ['quiz-attempts', cohortId, lessonId];

/** One of the student's quiz attempts (questions, saved answers, deadline; results from the result date). */
export function useQuizAttempt(sessionId: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: quizAttemptKey(sessionId),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const res = await client.call('quizSession', { params: { sessionId }, signal });
      // The server's clock, as seen half-way through the call, against this device's.
      return { attempt: res.data, clockOffsetMs: new Date(res.data.server_now).getTime() - (sent + Date.now()) / 2 };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 2,
  });
}

/** The student's attempts at a quiz lesson of a class, and how many are allowed. */
export function useQuizAttempts(cohortId: string, lessonId: string) {
  const { client } = useSession();
  return useQuery({
    queryKey: quizAttemptsKey(cohortId, lessonId),
    queryFn: ({ signal }) => client.call('quizAttempts', { params: { cohortId, lessonId }, signal }),
  });
}

/** Starts an attempt (or resumes the one under way); answers its session id. */
export function useStartQuiz(cohortId: string, lessonId: string) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.call('quizStart', { params: { cohortId, lessonId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizAttemptsKey(cohortId, lessonId) }),
  });
}

export function saveQuizAnswers(client: ApiClient, sessionId: string, answers: Record<string, AnswerValue | null>) {
  return client.call('quizSaveAnswers', {
    params: { sessionId },
    body: { answers: Object.entries(answers).map(([question_id_slug, answer]) => ({ question_id_slug, answer })) },
  });
}

export function submitQuiz(client: ApiClient, sessionId: string): Promise<QuizAttempt> {
  return client.call('quizSubmit', { params: { sessionId } }).then((r) => r.data);
}
