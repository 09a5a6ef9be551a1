import { type AnswerValue, isApiError, type QuizAttempt, type QuizAttemptQuestion } from '@school/contracts';
import {
  Button,
  ButtonLink,
  ErrorView,
  formatDateTime,
  LoadingIndicator,
  routeKey,
  useRouteMutation,
  useSession,
  useStickyHeight,
} from '@school/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { quizAttemptKey, useQuizAttempt } from './quiz-attempt';
import { Autosaver, formatCountdown, mergeAnswers, remainingMs, type SaveState } from './quiz-autosave';
import './quiz.css';

const SAVE_TEXT: Record<SaveState, string> = {
  saved: 'All answers saved.',
  saving: 'Saving…',
  offline: 'Not saved yet: your answers are kept on this device and will be saved when the connection returns.',
  closed: 'Answers can no longer be changed.',
};

/** .../quiz/{sessionId}: one attempt at an online quiz, or its results. */
export function QuizPage() {
  const { cohortId = '', courseId = '', lessonId = '', sessionId = '' } = useParams();
  const query = useQuizAttempt(sessionId);
  usePageTitle(query.data ? `Online quiz: ${query.data.attempt.lesson_title}` : 'Online quiz');
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) {
    if (!isApiError(query.error) || query.error.status !== 404) console.error('Could not load the quiz', query.error);
    return <ErrorView homePath={paths.dashboard} />;
  }
  const { attempt, clockOffsetMs } = query.data;
  const back = paths.lesson(cohortId, courseId, lessonId);
  return <QuizView key={attempt.id_slug} attempt={attempt} clockOffsetMs={clockOffsetMs} back={back} />;
}

/** The attempt's page; after 'Submit now' focus moves to the result, which replaces the questions. */
function QuizView({ attempt, clockOffsetMs, back }: { attempt: QuizAttempt; clockOffsetMs: number; back: string }) {
  const [justSubmitted, setJustSubmitted] = useState(false);
  return (
    <div className="ui-page ui-page--padded ui-page--narrow">
      <p className="learn-eyebrow">Online quiz</p>
      <h1>{attempt.lesson_title}</h1>
      <p className="ui-muted">
        Attempt {attempt.attempt_number} of {attempt.attempts_allowed}
      </p>
      {attempt.status === 'OPEN' ? (
        <OpenAttempt attempt={attempt} clockOffsetMs={clockOffsetMs} onSubmitted={() => setJustSubmitted(true)} />
      ) : (
        <SubmittedAttempt attempt={attempt} focusOnShow={justSubmitted} />
      )}
      <p className="learn-quiz__back">
        <ButtonLink to={back} variant="secondary">
          Back to the lesson
        </ButtonLink>
      </p>
    </div>
  );
}

function OpenAttempt({ attempt, clockOffsetMs, onSubmitted }: { attempt: QuizAttempt; clockOffsetMs: number; onSubmitted: () => void }) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  const sessionId = attempt.id_slug;
  // Submitting completes the quiz lesson: the lesson menu, class and dashboard figures change.
  const { mutateAsync: submitAttempt } = useRouteMutation('quizSubmit', {
    invalidates: () => [routeKey('userCourseView'), routeKey('userCohortView'), routeKey('userCohorts')],
  });
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saver] = useState(
    () =>
      new Autosaver(sessionId, {
        save: (answers) =>
          client.call('quizSaveAnswers', {
            params: { sessionId },
            body: { answers: Object.entries(answers).map(([question_id_slug, answer]) => ({ question_id_slug, answer })) },
          }),
        onState: setSaveState,
        // The attempt closed (deadline or another tab): what the server holds is final.
        isClosed: (e) => isApiError(e) && e.status === 409,
        onClosed: () => void queryClient.invalidateQueries({ queryKey: quizAttemptKey(sessionId) }),
      }),
  );
  const [answers, setAnswers] = useState(() =>
    mergeAnswers(Object.fromEntries(attempt.questions.map((q) => [q.id_slug, q.answer])), saver.pendingAnswers()),
  );
  const [left, setLeft] = useState(() => remainingMs(attempt.deadline_at, clockOffsetMs));
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const closed = left === 0 || submitting || saveState === 'closed';
  // Focus follows the confirmation: 'Submit answers' gives way to 'Submit now', 'Keep working' gives it back.
  const confirmRef = useRef<HTMLButtonElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const askedOnce = useRef(false);
  // The countdown bar sticks under the navbar: focus scrolls clear of both.
  const barRef = useStickyHeight<HTMLDivElement>('subbar');
  useEffect(() => {
    if (confirming) {
      askedOnce.current = true;
      confirmRef.current?.focus();
    } else if (askedOnce.current) submitRef.current?.focus();
  }, [confirming]);

  // Answers left on the device by a reload or a lost connection are sent at once; again when back online.
  useEffect(() => {
    void saver.flush();
    const online = () => void saver.flush();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      saver.dispose();
    };
  }, [saver]);

  // The countdown, by the server's clock; at zero the server closes the attempt.
  useEffect(() => {
    if (!attempt.deadline_at) return;
    const tick = setInterval(() => {
      const ms = remainingMs(attempt.deadline_at, clockOffsetMs);
      setLeft(ms);
      if (ms === 0) {
        clearInterval(tick);
        setTimeout(() => void queryClient.invalidateQueries({ queryKey: quizAttemptKey(sessionId) }), 1500);
      }
    }, 250);
    return () => clearInterval(tick);
  }, [attempt.deadline_at, clockOffsetMs, queryClient, sessionId]);

  const change = (questionId: string, value: AnswerValue | null) => {
    if (closed) return;
    setAnswers((a) => ({ ...a, [questionId]: value }));
    saver.change(questionId, value);
  };

  const submit = async () => {
    setSubmitting(true);
    setError('');
    try {
      if (!(await saver.flush())) throw new Error('Answers not saved');
      const result = (await submitAttempt({ params: { sessionId } })).data;
      saver.clear();
      onSubmitted();
      queryClient.setQueryData(quizAttemptKey(sessionId), { attempt: result, clockOffsetMs });
    } catch (e) {
      setSubmitting(false);
      setConfirming(false);
      if (isApiError(e) && e.status === 409) return void queryClient.invalidateQueries({ queryKey: quizAttemptKey(sessionId) });
      setError('Your answers could not be submitted. Check your connection and try again.');
    }
  };

  const answered = attempt.questions.filter(
    (q) => answers[q.id_slug] !== null && answers[q.id_slug] !== undefined && answers[q.id_slug] !== '',
  ).length;
  return (
    <>
      <div ref={barRef} className="learn-quiz__bar">
        {left !== null && (
          <p className={left < 60_000 ? 'learn-quiz__timer learn-quiz__timer--low' : 'learn-quiz__timer'}>
            <span>Time left</span> <strong role="timer">{formatCountdown(left)}</strong>
          </p>
        )}
        <output className="learn-quiz__saved">{left === 0 ? 'Time is up. Your answers are being submitted.' : SAVE_TEXT[saveState]}</output>
      </div>
      {attempt.deadline_at && <p className="ui-muted">Submit by {formatDateTime(attempt.deadline_at)}. Answers are saved as you go.</p>}
      <ol className="learn-quiz__questions">
        {attempt.questions.map((q, i) => (
          <li key={q.id_slug}>
            <QuestionField
              question={q}
              index={i}
              total={attempt.questions.length}
              value={answers[q.id_slug] ?? null}
              disabled={closed}
              onChange={(v) => change(q.id_slug, v)}
            />
          </li>
        ))}
      </ol>
      <div className="learn-quiz__submit">
        <p className="ui-muted">
          {answered} of {attempt.questions.length} questions answered.
        </p>
        {error && (
          <p role="alert" className="learn-notice">
            {error}
          </p>
        )}
        {confirming ? (
          <fieldset className="learn-quiz__confirm" aria-label="Confirm submission">
            <p>Submit your answers? You cannot change them afterwards.</p>
            <Button ref={confirmRef} onClick={() => void submit()} disabled={submitting}>
              {submitting ? 'Submitting…' : 'Submit now'}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={submitting}>
              Keep working
            </Button>
          </fieldset>
        ) : (
          <Button ref={submitRef} onClick={() => setConfirming(true)} disabled={closed}>
            Submit answers
          </Button>
        )}
      </div>
    </>
  );
}

function QuestionField({
  question: q,
  index,
  total,
  value,
  disabled,
  onChange,
}: {
  question: QuizAttemptQuestion;
  index: number;
  total: number;
  value: AnswerValue | null;
  disabled: boolean;
  onChange: (value: AnswerValue | null) => void;
}) {
  const id = useId();
  const [numberText, setNumberText] = useState(typeof value === 'number' ? String(value) : '');
  const legend = (
    <legend className="learn-quiz__legend">
      <span className="learn-quiz__number">
        Question {index + 1} of {total} ({q.points} {q.points === 1 ? 'point' : 'points'})
      </span>
      <span className="learn-quiz__prompt">{q.prompt}</span>
    </legend>
  );
  if (q.kind === 'SINGLE_CHOICE' || q.kind === 'TRUE_FALSE') {
    const options =
      q.kind === 'TRUE_FALSE'
        ? [
            { key: 'true', text: 'True' },
            { key: 'false', text: 'False' },
          ]
        : q.options;
    const current = q.kind === 'TRUE_FALSE' ? (value === null ? null : String(value)) : value;
    return (
      <fieldset className="learn-quiz__question" disabled={disabled}>
        {legend}
        {options.map((o) => (
          <label key={o.key} className="learn-quiz__option">
            <input
              type="radio"
              name={id}
              checked={current === o.key}
              onChange={() => onChange(q.kind === 'TRUE_FALSE' ? o.key === 'true' : o.key)}
            />
            <span>{o.text}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (q.kind === 'MULTIPLE_CHOICE') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="learn-quiz__question" disabled={disabled}>
        {legend}
        <p className="ui-muted learn-quiz__hint">Choose every answer that applies.</p>
        {q.options.map((o) => (
          <label key={o.key} className="learn-quiz__option">
            <input
              type="checkbox"
              checked={chosen.includes(o.key)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, o.key] : chosen.filter((k) => k !== o.key))}
            />
            <span>{o.text}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (q.kind === 'NUMERIC') {
    const invalid = numberText.trim() !== '' && !Number.isFinite(Number(numberText.trim().replace(',', '.')));
    return (
      <fieldset className="learn-quiz__question" disabled={disabled}>
        {legend}
        <label className="learn-quiz__text-label" htmlFor={`${id}-n`}>
          Your answer (a number)
        </label>
        <input
          id={`${id}-n`}
          className="ui-input learn-quiz__number-input"
          inputMode="decimal"
          value={numberText}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-e` : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setNumberText(text);
            const n = Number(text.trim().replace(',', '.'));
            if (text.trim() === '') onChange(null);
            else if (Number.isFinite(n)) onChange(n);
          }}
        />
        {invalid && (
          <p id={`${id}-e`} className="learn-quiz__error">
            Enter a number, such as 3.3.
          </p>
        )}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <fieldset className="learn-quiz__question" disabled={disabled}>
      {legend}
      <label className="learn-quiz__text-label" htmlFor={`${id}-t`}>
        Your answer
      </label>
      {q.kind === 'FREE_TEXT' ? (
        <textarea
          id={`${id}-t`}
          className="ui-input learn-quiz__textarea"
          rows={6}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      ) : (
        <input id={`${id}-t`} className="ui-input" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </fieldset>
  );
}

function describeAnswer(q: QuizAttemptQuestion, value: AnswerValue | null): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'No answer';
  const text = (key: string) => q.options.find((o) => o.key === key)?.text ?? key;
  if (q.kind === 'SINGLE_CHOICE' && typeof value === 'string') return text(value);
  if (q.kind === 'MULTIPLE_CHOICE' && Array.isArray(value)) return value.map(text).join(', ');
  if (q.kind === 'TRUE_FALSE') return value ? 'True' : 'False';
  return String(value);
}

function describeCorrect(q: QuizAttemptQuestion): string | null {
  const c = q.correct;
  if (!c) return null;
  const text = (key: string) => q.options.find((o) => o.key === key)?.text ?? key;
  switch (q.kind) {
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE':
      return c.option_keys.map(text).join(', ');
    case 'TRUE_FALSE':
      return c.boolean ? 'True' : 'False';
    case 'NUMERIC':
      return c.tolerance ? `${c.number} (± ${c.tolerance})` : String(c.number);
    case 'SHORT_TEXT':
      return c.accepted_answers.join(' or ');
    default:
      return null;
  }
}

/**
 * The quiz's grade that counts, over all attempts: a grade set by the instructor, else the best attempt after
 * any late penalty. Shown when it says more than this attempt's score (set by hand, or charged for lateness).
 */
function ItemGrade({ grade }: { grade: NonNullable<QuizAttempt['item_grade']> }) {
  if (!grade.set_by_hand && grade.before_late_penalty === null) return null;
  return (
    <div>
      <dt>Grade for this quiz</dt>
      <dd>
        {grade.grade}%{grade.set_by_hand ? ' (grade set by your instructor)' : ` (${grade.before_late_penalty}% before the late penalty)`}
      </dd>
    </div>
  );
}

function SubmittedAttempt({ attempt, focusOnShow }: { attempt: QuizAttempt; focusOnShow: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Right after 'Submit now' the button is gone: the result is where the student reads on.
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);
  const waiting = attempt.questions.filter((q) => q.awarded_points === null).length;
  return (
    <section aria-labelledby="quiz-result-title" className="learn-quiz__result">
      <h2 id="quiz-result-title" className="learn-section__title" tabIndex={-1} ref={headingRef}>
        Submitted
      </h2>
      <p>Your answers were submitted {attempt.submitted_at ? `on ${formatDateTime(attempt.submitted_at)}` : ''}.</p>
      {!attempt.results_visible ? (
        <p className="learn-notice">
          {attempt.result_open_datetime
            ? `Your result and the correct answers will be shown from ${formatDateTime(attempt.result_open_datetime)}.`
            : 'Your result and the correct answers will be shown once results are released.'}
        </p>
      ) : (
        <>
          {waiting > 0 && <p className="learn-notice learn-notice--info">{provisionalText(waiting)}</p>}
          <dl className="learn-grade__facts">
            <div>
              <dt>Score</dt>
              <dd>
                {attempt.score} of {attempt.max_score} points ({attempt.percentage}%){waiting > 0 ? ' so far' : ''}
              </dd>
            </div>
            {attempt.pass_mark_percentage !== null && (
              <div>
                <dt>Pass mark</dt>
                <dd>
                  {attempt.pass_mark_percentage}%: {attempt.passed ? 'Passed' : 'Not passed'}
                  {waiting > 0 ? ' (provisional until graded)' : ''}
                </dd>
              </div>
            )}
            {attempt.item_grade && <ItemGrade grade={attempt.item_grade} />}
          </dl>
          <ol className="learn-quiz__questions">
            {attempt.questions.map((q, i) => (
              <li key={q.id_slug} className="learn-quiz__question learn-quiz__review">
                <p className="learn-quiz__legend">
                  <span className="learn-quiz__number">
                    Question {i + 1} of {attempt.questions.length}
                  </span>
                  <span className="learn-quiz__prompt">{q.prompt}</span>
                </p>
                <p>
                  <strong>Your answer:</strong> {describeAnswer(q, q.answer)}
                </p>
                {describeCorrect(q) !== null && (
                  <p>
                    <strong>Correct answer:</strong> {describeCorrect(q)}
                  </p>
                )}
                <p className="ui-muted">
                  {q.awarded_points === null ? 'Waiting to be graded by your instructor.' : `${q.awarded_points} of ${q.points} points`}
                </p>
                {q.grader_comment && (
                  <p className="learn-quiz__comment">
                    <strong>Your instructor's comment:</strong> {q.grader_comment}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Why a result can still change: free-text answers the instructor has not graded yet. */
export function provisionalText(waiting: number): string {
  const answers = waiting === 1 ? '1 answer is' : `${waiting} answers are`;
  return `This result is provisional until graded: ${answers} still waiting to be graded by your instructor, so your score and pass mark may change.`;
}
