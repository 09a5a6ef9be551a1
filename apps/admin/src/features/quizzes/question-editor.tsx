import { QUESTION_KIND_LABELS } from '@school/contracts';
import { Button, SelectField, TextAreaField, TextField } from '@school/ui';
import type { ReactNode } from 'react';
import { type DraftQuestion, newKey } from './quiz-model';

/** One question of a bank (a quiz's own or a shared one) with its answer key, as authors edit it. */
export function QuestionEditor({
  question: q,
  index,
  handle,
  errors,
  onChange,
  onRemove,
}: {
  question: DraftQuestion;
  index: number;
  handle: ReactNode;
  errors: Record<string, string>;
  onChange: (patch: Partial<DraftQuestion>) => void;
  onRemove: () => void;
}) {
  const err = (field: string) => errors[`questions.${index}.${field}`];
  const choice = q.kind === 'SINGLE_CHOICE' || q.kind === 'MULTIPLE_CHOICE';
  const setOption = (key: string, patch: Partial<DraftQuestion['options'][number]>) =>
    onChange({
      options: q.options.map((o) =>
        o.key === key ? { ...o, ...patch } : patch.is_correct && q.kind === 'SINGLE_CHOICE' ? { ...o, is_correct: false } : o,
      ),
    });
  return (
    <article className="admin-quiz-question" aria-label={`Question ${index + 1}`}>
      <div className="admin-quiz-question__head">
        {handle}
        <h3 className="admin-subtitle">
          Question {index + 1} · {QUESTION_KIND_LABELS[q.kind]}
        </h3>
        <Button size="sm" variant="ghost" className="admin-danger-text" onClick={onRemove} aria-label={`Remove question ${index + 1}`}>
          Remove
        </Button>
      </div>
      <TextAreaField
        label="Question"
        rows={3}
        value={q.prompt}
        onChange={(e) => onChange({ prompt: e.currentTarget.value })}
        error={err('prompt')}
      />
      <TextField
        label="Points"
        inputMode="decimal"
        className="admin-quiz-question__points"
        value={q.points}
        onChange={(e) => onChange({ points: e.currentTarget.value })}
        error={err('points')}
      />
      {choice && (
        <fieldset className="admin-quiz-options">
          <legend>{q.kind === 'SINGLE_CHOICE' ? 'Options (mark the correct one)' : 'Options (mark every correct one)'}</legend>
          {q.options.map((o, i) => (
            <div key={o.key} className="admin-quiz-option">
              <input
                type={q.kind === 'SINGLE_CHOICE' ? 'radio' : 'checkbox'}
                name={`correct-${q.key}`}
                checked={o.is_correct}
                aria-label={`Option ${i + 1} is correct`}
                onChange={(e) => setOption(o.key, { is_correct: e.currentTarget.checked })}
              />
              <TextField
                label={`Option ${i + 1}`}
                hideLabel
                value={o.text}
                error={err(`options.${i}.text`)}
                onChange={(e) => setOption(o.key, { text: e.currentTarget.value })}
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={q.options.length <= 2}
                onClick={() => onChange({ options: q.options.filter((x) => x.key !== o.key) })}
                aria-label={`Remove option ${i + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          {err('options') && <p className="admin-field-error">{err('options')}</p>}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onChange({ options: [...q.options, { key: newKey(), text: '', is_correct: false }] })}
          >
            Add option
          </Button>
        </fieldset>
      )}
      {q.kind === 'TRUE_FALSE' && (
        <SelectField
          label="Correct answer"
          options={[
            { value: 'true', label: 'True' },
            { value: 'false', label: 'False' },
          ]}
          value={String(q.correct_boolean ?? true)}
          onChange={(e) => onChange({ correct_boolean: e.currentTarget.value === 'true' })}
        />
      )}
      {q.kind === 'NUMERIC' && (
        <div className="admin-quiz-numeric">
          <TextField
            label="Correct number"
            inputMode="decimal"
            value={q.correct_number}
            onChange={(e) => onChange({ correct_number: e.currentTarget.value })}
            error={err('correct_number')}
          />
          <TextField
            label="Tolerance (±)"
            inputMode="decimal"
            value={q.tolerance}
            onChange={(e) => onChange({ tolerance: e.currentTarget.value })}
            error={err('tolerance')}
          />
        </div>
      )}
      {q.kind === 'SHORT_TEXT' && (
        <TextAreaField
          label="Accepted answers"
          hint="One per line; compared without regard to capitals."
          rows={3}
          value={q.accepted_answers}
          onChange={(e) => onChange({ accepted_answers: e.currentTarget.value })}
          error={err('accepted_answers')}
        />
      )}
      {q.kind === 'FREE_TEXT' && <p className="ui-muted ui-muted--small">Students write their answer; it is graded by hand.</p>}
    </article>
  );
}
