import { useId } from 'react';
import type { DraftQuiz, DraftQuestion } from './quiz-model';

/** The quiz as a student sees it: questions and options, without the answer key. */
export function QuizPreview({ draft }: { draft: DraftQuiz }) {
  const limit = draft.time_limit_minutes.trim();
  const drawn = draft.draw_count.trim() ? Math.min(Number(draft.draw_count), draft.questions.length) : draft.questions.length;
  return (
    <section aria-label="Student preview" className="admin-quiz-preview">
      <p className="ui-muted ui-muted--small">
        {drawn} {drawn === 1 ? 'question' : 'questions'}
        {limit ? ` · ${limit} minutes` : ' · no time limit'}
        {draft.draw_count.trim() ? ' · drawn at random from the bank for each attempt' : ''}
        {draft.shuffle_questions ? ' · questions shuffled' : ''}
        {draft.shuffle_options ? ' · options shuffled' : ''}
      </p>
      <ol className="admin-quiz-preview__list">
        {draft.questions.map((q, i) => (
          <li key={q.key}>
            <PreviewQuestion question={q} index={i} total={draft.questions.length} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function PreviewQuestion({ question: q, index, total }: { question: DraftQuestion; index: number; total: number }) {
  const id = useId();
  const points = Number(q.points) || 0;
  return (
    <fieldset className="admin-quiz-preview__question">
      <legend>
        <span className="ui-muted ui-muted--small">
          Question {index + 1} of {total} ({points} {points === 1 ? 'point' : 'points'})
        </span>
        <span className="admin-quiz-preview__prompt">{q.prompt || 'Question text'}</span>
      </legend>
      {(q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE') &&
        q.options.map((o) => (
          <label key={o.key} className="admin-check">
            <input type={q.kind === 'SINGLE_CHOICE' ? 'radio' : 'checkbox'} name={id} />
            {o.text || 'Option text'}
          </label>
        ))}
      {q.kind === 'TRUE_FALSE' &&
        ['True', 'False'].map((t) => (
          <label key={t} className="admin-check">
            <input type="radio" name={id} />
            {t}
          </label>
        ))}
      {(q.kind === 'NUMERIC' || q.kind === 'SHORT_TEXT') && (
        <label className="admin-quiz-preview__field">
          {q.kind === 'NUMERIC' ? 'Your answer (a number)' : 'Your answer'}
          <input className="ui-input" inputMode={q.kind === 'NUMERIC' ? 'decimal' : undefined} />
        </label>
      )}
      {q.kind === 'FREE_TEXT' && (
        <label className="admin-quiz-preview__field">
          Your answer
          <textarea className="ui-input" rows={4} />
        </label>
      )}
    </fieldset>
  );
}
