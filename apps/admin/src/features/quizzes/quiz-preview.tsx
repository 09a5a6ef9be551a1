import type { QuizQuestion } from '@school/contracts';
import { Button, useRouteQuery } from '@school/ui';
import { useId } from 'react';
import { QueryView } from '../../components/query-view';

/**
 * The saved quiz as one student would get it: questions drawn and shuffled by the server with the
 * rule of a student's start, without the answer key; "Draw again" asks for another draw.
 */
export function QuizPreview({ lessonId, timeLimit, homePath }: { lessonId: string; timeLimit: number | null; homePath: string }) {
  const draw = useRouteQuery('quizPreviewDraw', { params: { lessonId } }, { select: (r) => r.data, staleTime: 0, gcTime: 0 });
  return (
    <section aria-label="Student preview" className="admin-quiz-preview">
      <QueryView query={draw} label="the preview" homePath={homePath}>
        {(data) => (
          <>
            <div className="admin-quiz-preview__bar">
              <p className="ui-muted ui-muted--small" aria-live="polite">
                {data.questions.length} of {data.total_in_bank} {data.total_in_bank === 1 ? 'question' : 'questions'} drawn
                {timeLimit ? ` · ${timeLimit} minutes` : ' · no time limit'} · from the saved quiz
              </p>
              <Button size="sm" variant="secondary" onClick={() => void draw.refetch()} loading={draw.isFetching}>
                Draw again
              </Button>
            </div>
            {data.questions.length === 0 ? (
              <p className="ui-muted ui-muted--small">No questions saved yet.</p>
            ) : (
              <ol className="admin-quiz-preview__list">
                {data.questions.map((q, i) => (
                  <li key={q.id_slug}>
                    <PreviewQuestion question={q} index={i} total={data.questions.length} />
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

function PreviewQuestion({ question: q, index, total }: { question: QuizQuestion; index: number; total: number }) {
  const id = useId();
  return (
    <fieldset className="admin-quiz-preview__question">
      <legend>
        <span className="ui-muted ui-muted--small">
          Question {index + 1} of {total} ({q.points} {q.points === 1 ? 'point' : 'points'})
        </span>
        <span className="admin-quiz-preview__prompt">{q.prompt}</span>
      </legend>
      {(q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE') &&
        q.options.map((o) => (
          <label key={o.key} className="admin-check">
            <input type={q.kind === 'SINGLE_CHOICE' ? 'radio' : 'checkbox'} name={id} />
            {o.text}
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
