import type { Timeline, TimelineEntry } from '@school/contracts';
import { Button, SelectField, TextField } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { anchorOptions, type RuleDraft, ruleDraftOf, ruleOf, UNIT_OPTIONS, type Unit } from '../timeline';
import { otherError, PreviewPanel, useTimelineChange } from './timeline-preview';

const KIND_OPTIONS = [
  { value: 'FIXED', label: 'Fixed date' },
  { value: 'RELATIVE', label: 'Relative to another date' },
];

// The change carries one rule: the API names its fields `rules.0.…`.
const RULE = 'rules.0.rule';
const AMOUNT_MESSAGE = 'Enter a whole number, such as 3 or -2';
const RULE_FIELDS = [`${RULE}.fixed`, `${RULE}.anchor`, `${RULE}.offset.amount`, `${RULE}.offset.unit`, `${RULE}.offset.at`];

/** One entry's date rule: a fixed moment, or an offset from an anchor; previewed, then saved. */
export function TimelineRuleForm({ timeline, entry, onDone }: { timeline: Timeline; entry: TimelineEntry; onDone: () => void }) {
  const change = useTimelineChange(timeline.cohort_id_slug, { onSaved: onDone });
  const [draft, setDraft] = useState<RuleDraft>(() => ruleDraftOf(entry));
  // A blank or broken amount reaches the API as null, refused for the whole rule: it is told here, by its field.
  const [amountError, setAmountError] = useState<string | undefined>();
  const err = change.error;
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => {
    if (change.pending) change.cancel();
    setDraft((d) => ({ ...d, [key]: value }));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const amount = Number(draft.amount);
    const badAmount = draft.kind === 'RELATIVE' && (draft.amount.trim() === '' || !Number.isInteger(amount));
    setAmountError(badAmount ? AMOUNT_MESSAGE : undefined);
    if (badAmount) return;
    change.ask({ rules: [{ item_key: entry.item_key, rule: ruleOf(draft) }] });
  };

  return (
    <div className="admin-timeline__rule ui-stack">
      <form className="ui-stack" aria-label={`Date rule of ${entry.title}`} onSubmit={onSubmit} noValidate>
        {otherError(err, RULE_FIELDS) && <p role="alert">{otherError(err, RULE_FIELDS)}</p>}
        <SelectField
          label="Date rule"
          options={KIND_OPTIONS}
          value={draft.kind}
          onChange={(e) => set('kind', e.target.value as RuleDraft['kind'])}
        />
        {draft.kind === 'FIXED' ? (
          <TextField
            label="Date and time"
            type="datetime-local"
            required
            value={draft.fixed}
            onChange={(e) => set('fixed', e.target.value)}
            error={fieldError(err, `${RULE}.fixed`)}
            hint="Malaysia time"
          />
        ) : (
          <>
            <SelectField
              label="Counted from"
              options={anchorOptions(timeline.phases, timeline.entries, entry.item_key)}
              value={draft.anchor}
              onChange={(e) => set('anchor', e.target.value)}
              error={fieldError(err, `${RULE}.anchor`)}
            />
            <TextField
              label="Amount"
              type="number"
              inputMode="numeric"
              step={1}
              required
              value={draft.amount}
              onChange={(e) => set('amount', e.target.value)}
              error={amountError ?? fieldError(err, `${RULE}.offset.amount`)}
              hint="Negative counts back: -3 is three before"
            />
            <SelectField
              label="Unit"
              options={UNIT_OPTIONS}
              value={draft.unit}
              onChange={(e) => set('unit', e.target.value as Unit)}
              error={fieldError(err, `${RULE}.offset.unit`)}
              hint="School days skip weekends, public holidays and the school's closures"
            />
            <TextField
              label="Time of day"
              inputMode="numeric"
              placeholder="23:59"
              value={draft.at}
              onChange={(e) => set('at', e.target.value)}
              error={fieldError(err, `${RULE}.offset.at`)}
              hint="24-hour Malaysia time such as 09:00; empty for midnight"
            />
          </>
        )}
        <div className="admin-sessions__actions">
          <Button type="submit" size="sm" disabled={change.busy}>
            Preview changes
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onDone}>
            Close
          </Button>
        </div>
      </form>
      {change.pending && (
        <PreviewPanel
          label={`Preview of the new rule of ${entry.title}`}
          preview={change.pending.preview}
          saving={change.saving}
          onSave={change.save}
          onCancel={change.cancel}
        />
      )}
    </div>
  );
}
