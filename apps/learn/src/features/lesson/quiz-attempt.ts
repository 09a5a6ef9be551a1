import { routeQueryKey, useSession } from '@school/ui';
import { useQuery } from '@tanstack/react-query';

/** Where one attempt is cached: under its route's key, as `{ attempt, clockOffsetMs }`. */
export const quizAttemptKey = (sessionId: string) => routeQueryKey('quizSession', { params: { sessionId } });

/**
 * One of the student's quiz attempts (questions, saved answers, deadline; results from the result
 * date) with the offset of the server's clock. The call is timed, so this read is the one that
 * does not go through `useRouteQuery`.
 */
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
