import { isApiError } from '@school/contracts';
import { Button, formatDateTime, routeKey, useRouteMutation, useRouteQuery } from '@school/ui';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { ExtensionNotice, extensionText, LateNotice } from './deadline-notices';

/** Start (or resume) an attempt at a quiz, and the student's past attempts (only those once the quiz has closed: `canStart` false). */
export function QuizStart({
  cohortId,
  courseId,
  lessonId,
  canStart = true,
}: {
  cohortId: string;
  courseId: string;
  lessonId: string;
  canStart?: boolean;
}) {
  const navigate = useNavigate();
  const params = { cohortId, lessonId };
  // The student's attempts at the quiz, and how many are allowed.
  const attempts = useRouteQuery('quizAttempts', { params });
  // Starts an attempt (or resumes the one under way); answers its session id.
  const start = useRouteMutation('quizStart', { invalidates: (vars) => [routeKey('quizAttempts', { params: vars.params })] });
  const list = attempts.data?.data ?? [];
  const open = list.find((a) => a.status === 'OPEN');
  const left = attempts.data ? attempts.data.attempts_allowed - attempts.data.attempts_used : null;
  const go = () => start.mutate({ params }, { onSuccess: (r) => navigate(paths.quiz(cohortId, courseId, lessonId, r.session_id_slug)) });
  return (
    <div className="ui-stack ui-stack--loose">
      {attempts.data && (
        <>
          <ExtensionNotice text={extensionText(attempts.data.extension, attempts.data.deadline_datetime)} />
          <p className="ui-muted">
            Attempts: {attempts.data.attempts_used} of {attempts.data.attempts_allowed} used.
          </p>
          {!open && left !== null && left > 0 && attempts.data.start_is_late && <LateNotice policy={attempts.data.late_policy} />}
        </>
      )}
      {canStart && (open || left === null || left > 0) && (
        <div>
          <Button onClick={go} disabled={start.isPending}>
            {open ? 'Resume quiz' : 'Start quiz'}
          </Button>
        </div>
      )}
      {start.isError && (
        <p role="alert" className="learn-notice">
          {isApiError(start.error) ? start.error.message : 'The quiz could not be started. Please try again.'}
        </p>
      )}
      {list.some((a) => a.status === 'SUBMITTED') && (
        <ul className="learn-quiz-attempts">
          {list
            .filter((a) => a.status === 'SUBMITTED')
            .map((a) => (
              <li key={a.session_id_slug}>
                <Link to={paths.quiz(cohortId, courseId, lessonId, a.session_id_slug)}>
                  Attempt {a.attempt_number}: submitted {a.submitted_at ? formatDateTime(a.submitted_at) : ''}
                  {a.is_late ? ' (late)' : ''}
                </Link>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
