import { ADMIN_MESSAGES, type GradingSubmission, isApiError, type RubricScore } from '@school/contracts';
import {
  Button,
  formatDateTime,
  formatFileSize,
  routeKey,
  routeQueryKey,
  StatusChip,
  TextAreaField,
  TextField,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { QueryView } from '../../../components/query-view';
import { useNotify } from '../../../lib/notice';
import { parsePoints } from '../quiz-attempts';
import { rubricTotals } from '../rubric-score';
import { SubmissionFiles } from './file-preview';

export const GRADE_SAVED_MESSAGE = 'Grade saved';

/** One submission: who and when, its files and the zip's download, and the grading form. */
export function SubmissionPanel({ submissionId, itemId, cohortId }: { submissionId: string; itemId: string; cohortId: string }) {
  const query = useRouteQuery('gradingSubmission', { params: { submissionId } }, { select: (r) => r.data });
  return (
    <section className="admin-grading__panel" aria-label="Submission">
      <QueryView query={query} label="the submission">
        {(s) => <SubmissionView submission={s} itemId={itemId} cohortId={cohortId} />}
      </QueryView>
    </section>
  );
}

function SubmissionView({ submission: s, itemId, cohortId }: { submission: GradingSubmission; itemId: string; cohortId: string }) {
  const notify = useNotify();
  const [scores, setScores] = useState<RubricScore[]>(s.rubric_scores);
  const [feedback, setFeedback] = useState(s.feedback);
  const [grade, setGrade] = useState(s.rubric.length ? '' : s.user_grade === null ? '' : String(s.user_grade));
  const [error, setError] = useState<string | null>(null);
  // After 'Save grade' the busy button loses focus: focus goes to what was saved and what comes next.
  const [saved, setSaved] = useState<string | null>(null);
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  const save = useRouteMutation('gradeSubmission', {
    invalidates: () => [
      routeKey('gradingQueue', { params: { gradeItemId: itemId } }),
      routeKey('gradingItems', { params: { cohortId } }),
      routeKey('gradebook', { params: { cohortId } }),
    ],
    onSuccess: (answer, vars, client) => client.setQueryData(routeQueryKey('gradingSubmission', { params: vars.params }), answer),
  });
  const totals = rubricTotals(s.rubric, scores);
  const name = `${s.student.first_name} ${s.student.last_name}`.trim();

  const scoreOf = (criterionId: string) => scores.find((x) => x.criterion_id === criterionId);
  const setScore = (criterionId: string, change: Partial<RubricScore>) =>
    setScores((all) => {
      const current = all.find((x) => x.criterion_id === criterionId);
      if (current) return all.map((x) => (x.criterion_id === criterionId ? { ...x, ...change } : x));
      return [...all, { criterion_id: criterionId, level_index: -1, comment: '', ...change }];
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(null);
    const chosen = scores.filter((x) => x.level_index >= 0);
    const manual = parsePoints(grade, 100);
    if (s.rubric.length ? totals.grade === null : manual === null) {
      setError(s.rubric.length ? 'Score every rubric criterion' : 'Give a grade from 0 to 100 (at most two decimals)');
      return;
    }
    save.mutate(
      { params: { submissionId: s.id_slug }, body: { rubric_scores: chosen, user_grade: s.rubric.length ? null : manual, feedback } },
      {
        onSuccess: (answer) => {
          notify.success(GRADE_SAVED_MESSAGE);
          setSaved(savedText(name || s.student.email, answer.data.user_grade));
        },
        onError: (err) => {
          const message = isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure;
          setError(message);
          notify.error(message);
        },
      },
    );
  };

  return (
    <div className="ui-stack">
      <header className="admin-row admin-grading__panel-head">
        <div>
          <h2 className="admin-section-title">{name || s.student.email}</h2>
          <p className="ui-muted ui-muted--small">
            {s.student.email} · handed in {formatDateTime(s.submitted_at)}
            {s.graded_at ? ` · graded ${formatDateTime(s.graded_at)}` : ''}
          </p>
        </div>
        <span className="admin-grading__chips">
          {s.is_late && <StatusChip tone="warning">Late</StatusChip>}
          <StatusChip tone={s.user_submission_status === 'GRADED' ? 'success' : 'neutral'}>
            {s.user_submission_status === 'GRADED' ? `Graded ${s.user_grade ?? ''}` : 'To grade'}
          </StatusChip>
        </span>
      </header>

      <section aria-labelledby="grading-files" className="ui-stack">
        <h3 id="grading-files" className="admin-subtitle">
          Files
        </h3>
        <p>
          {s.download_url ? (
            <a className="ui-link" href={s.download_url} download={s.file_name}>
              Download {s.file_name}
            </a>
          ) : (
            s.file_name
          )}{' '}
          <span className="ui-muted ui-muted--small">({formatFileSize(s.size_bytes)})</span>
        </p>
        {s.files.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">The archive lists no files.</p>
        ) : (
          <SubmissionFiles submissionId={s.id_slug} files={s.files} archiveName={s.file_name} />
        )}
      </section>

      <form className="ui-stack" onSubmit={onSubmit} noValidate aria-label="Grade">
        {s.rubric.length > 0 ? (
          <>
            {s.rubric.map((c) => {
              const current = scoreOf(c.id);
              return (
                <fieldset key={c.id} className="admin-grading__criterion">
                  <legend className="admin-subtitle">{c.title}</legend>
                  <div className="admin-grading__levels">
                    {c.levels.map((level, i) => (
                      <label key={i} className="admin-grading__level">
                        <input
                          type="radio"
                          name={`criterion-${c.id}`}
                          checked={current?.level_index === i}
                          onChange={() => setScore(c.id, { level_index: i })}
                        />
                        <span>
                          {level.title} <span className="ui-muted ui-muted--small">({level.points} pts)</span>
                          {level.description && <span className="admin-grading__level-description">{level.description}</span>}
                        </span>
                      </label>
                    ))}
                  </div>
                  <TextAreaField
                    label={`Feedback on ${c.title}`}
                    rows={2}
                    value={current?.comment ?? ''}
                    onChange={(e) => setScore(c.id, { comment: e.target.value })}
                  />
                </fieldset>
              );
            })}
            <p className="admin-grading__total" aria-live="polite">
              Rubric: {totals.points} / {totals.max} points
              {totals.grade !== null ? ` · grade ${totals.grade}` : ` · ${totals.scored} of ${s.rubric.length} criteria scored`}
            </p>
          </>
        ) : (
          <TextField
            label="Grade (0-100)"
            type="number"
            min={0}
            max={100}
            step="0.01"
            value={grade}
            onChange={(e) => setGrade(e.target.value)}
          />
        )}
        <TextAreaField label="Overall feedback" rows={4} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
        {error && (
          <p className="admin-danger-text" role="alert">
            {error}
          </p>
        )}
        {saved && (
          <p className="admin-grading__saved" tabIndex={-1} ref={savedRef}>
            {saved}
          </p>
        )}
        <div className="admin-form__actions">
          <Button type="submit" loading={save.isPending}>
            Save grade
          </Button>
        </div>
      </form>
    </div>
  );
}

/** What 'Save grade' did, and the key to the next submission. */
export function savedText(student: string, grade: number | null): string {
  return `${GRADE_SAVED_MESSAGE} for ${student}${grade === null ? '' : `: ${grade}`}. Press j for the next submission.`;
}
