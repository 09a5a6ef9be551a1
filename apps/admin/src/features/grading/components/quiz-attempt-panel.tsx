import { ADMIN_MESSAGES, type FreeTextAnswer, isApiError } from '@school/contracts';
import { Button, formatDateTime, routeKey, StatusChip, TextAreaField, TextField, useRouteMutation } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useNotify } from '../../../lib/notice';
import { parsePoints, type QuizAttemptEntry } from '../quiz-attempts';

export const SCORE_SAVED_MESSAGE = 'Score saved';
export const SCORE_UNCHANGED_MESSAGE = 'The score is unchanged, so nothing was saved.';

/** One submitted quiz attempt: each free-text question with the student's answer and its score. */
export function QuizAttemptPanel({ attempt, itemId, cohortId }: { attempt: QuizAttemptEntry; itemId: string; cohortId: string }) {
  const name = `${attempt.student.first_name} ${attempt.student.last_name}`.trim();
  return (
    <section className="admin-grading__panel ui-stack" aria-label="Submission">
      <header className="admin-row admin-grading__panel-head">
        <div>
          <h2 className="admin-section-title">{name || attempt.student.email}</h2>
          <p className="ui-muted ui-muted--small">
            {attempt.student.email} · attempt {attempt.attempt_number} · submitted {formatDateTime(attempt.submitted_at)}
          </p>
        </div>
        <span className="admin-grading__chips">
          <StatusChip tone={attempt.waiting === 0 ? 'success' : 'neutral'}>{attempt.waiting === 0 ? 'Graded' : 'To grade'}</StatusChip>
        </span>
      </header>
      {attempt.answers.map((a, i) => (
        <AnswerScore key={a.answer_id_slug} answer={a} index={i} itemId={itemId} cohortId={cohortId} />
      ))}
    </section>
  );
}

function AnswerScore({ answer: a, index, itemId, cohortId }: { answer: FreeTextAnswer; index: number; itemId: string; cohortId: string }) {
  const notify = useNotify();
  // What the grader typed; until they type, the field shows the saved score as the API last said.
  const [draft, setDraft] = useState<string | null>(null);
  const points = draft ?? (a.points === null ? '' : String(a.points));
  const [commentDraft, setCommentDraft] = useState<string | null>(null);
  const comment = commentDraft ?? a.comment;
  const [error, setError] = useState<string | null>(null);
  const save = useRouteMutation('quizScoreAnswer', {
    invalidates: () => [
      routeKey('quizFreeTextAnswers', { params: { gradeItemId: itemId } }),
      routeKey('gradingQueue', { params: { gradeItemId: itemId } }),
      routeKey('gradingItems', { params: { cohortId } }),
      routeKey('gradebook', { params: { cohortId } }),
    ],
  });
  const headingId = `answer-${a.answer_id_slug}`;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const value = parsePoints(points, a.max_points);
    if (value === null) {
      setError(`Give points from 0 to ${a.max_points} (at most two decimals)`);
      return;
    }
    // Only a score the grader changed is written: a save never replaces one they did not touch.
    if (value === a.points && comment.trim() === a.comment) {
      setDraft(null);
      setCommentDraft(null);
      notify.success(SCORE_UNCHANGED_MESSAGE);
      return;
    }
    save.mutate(
      { params: { answerId: a.answer_id_slug }, body: { points: value, comment: comment.trim() } },
      {
        onSuccess: () => {
          setDraft(null);
          setCommentDraft(null);
          notify.success(SCORE_SAVED_MESSAGE);
        },
        onError: (err) => {
          const message = isApiError(err) ? (err.errors?.points ?? err.message) : ADMIN_MESSAGES.genericFailure;
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <form className="ui-stack admin-grading__criterion" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-subtitle">
        Question {index + 1} <span className="ui-muted ui-muted--small">({a.max_points} pts)</span>
      </h3>
      <p className="admin-grading__prompt">{a.prompt}</p>
      <blockquote className="admin-grading__answer" aria-label="Answer">
        {a.answer || <span className="ui-muted">No answer</span>}
      </blockquote>
      <TextField
        label={`Points (0-${a.max_points})`}
        type="number"
        min={0}
        max={a.max_points}
        step="0.01"
        value={points}
        onChange={(e) => setDraft(e.target.value)}
      />
      <TextAreaField
        label="Comment for the student"
        hint="Shown to the student with the results."
        rows={2}
        maxLength={5000}
        value={comment}
        onChange={(e) => setCommentDraft(e.target.value)}
      />
      {error && (
        <p className="admin-danger-text" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={save.isPending}>
          Save score
        </Button>
        {a.graded_at && <span className="ui-muted ui-muted--small">Scored {formatDateTime(a.graded_at)}</span>}
      </div>
    </form>
  );
}
