import { type AllowanceRules, type RuleEffect, type SaveRuleVersion, SaveRuleVersionSchema } from '@school/contracts';
import { Button, SelectField, TextAreaField, TextField } from '@school/ui';
import { type FormEvent, useState } from 'react';

/** Form values as typed: numbers stay text until sent, so a half-typed field is never rewritten. */
interface Draft {
  effective_month: string;
  attendance_enabled: boolean;
  min_percent: string;
  prorate_from_percent: string;
  submissions_enabled: boolean;
  on_fail: RuleEffect;
  streak_enabled: boolean;
  max_sessions: string;
  logbook_enabled: boolean;
  logbook_on_fail: RuleEffect;
  note: string;
}

const toDraft = (rules: AllowanceRules, month: string): Draft => ({
  effective_month: month,
  attendance_enabled: rules.attendance.enabled,
  min_percent: String(rules.attendance.min_percent),
  prorate_from_percent: rules.attendance.prorate_from_percent === null ? '' : String(rules.attendance.prorate_from_percent),
  submissions_enabled: rules.submissions.enabled,
  on_fail: rules.submissions.on_fail,
  streak_enabled: rules.absence_streak.enabled,
  max_sessions: String(rules.absence_streak.max_sessions),
  logbook_enabled: rules.logbook.enabled,
  logbook_on_fail: rules.logbook.on_fail,
  note: '',
});

// An empty number field is sent as NaN so the schema answers with its own 'Enter …' message.
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

export function fromDraft(d: Draft): SaveRuleVersion {
  return {
    effective_month: d.effective_month,
    rules: {
      attendance: {
        enabled: d.attendance_enabled,
        min_percent: num(d.min_percent),
        prorate_from_percent: d.prorate_from_percent.trim() === '' ? null : num(d.prorate_from_percent),
      },
      submissions: { enabled: d.submissions_enabled, on_fail: d.on_fail },
      absence_streak: { enabled: d.streak_enabled, max_sessions: num(d.max_sessions) },
      logbook: { enabled: d.logbook_enabled, on_fail: d.logbook_on_fail },
    },
    note: d.note,
  };
}

/** The schema's messages by field path ('rules.attendance.min_percent'), as the API names them too. */
export function ruleErrors(value: SaveRuleVersion): Record<string, string> {
  const parsed = SaveRuleVersionSchema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

export interface RulesFormProps {
  /** The rules the form starts from (the newest version's). */
  rules: AllowanceRules;
  /** The month proposed first. */
  month: string;
  pending: boolean;
  /** The API's refusal: its message per field and in general. */
  serverErrors?: Record<string, string>;
  serverMessage?: string | null;
  onSubmit: (value: SaveRuleVersion) => void;
}

/**
 * "Change the rules": every rule of AllowanceRulesSchema from a month on, with the schema's own
 * messages under the fields before anything is sent (the API checks the same schema and the month).
 */
export function RulesForm({ rules, month, pending, serverErrors = {}, serverMessage, onSubmit }: RulesFormProps) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(rules, month));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const shown = { ...serverErrors, ...errors };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = fromDraft(draft);
    const found = ruleErrors(value);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(value);
  };

  return (
    <form className="admin-card ui-stack" aria-labelledby="rules-form-title" onSubmit={submit} noValidate>
      <h2 id="rules-form-title" className="admin-section-title">
        Change the rules
      </h2>
      <p className="ui-muted">A change applies from the month you choose; months already decided keep the rules they were decided by.</p>
      <TextField
        label="Effective from (month)"
        type="month"
        value={draft.effective_month}
        onChange={(e) => set('effective_month', e.target.value)}
        error={shown.effective_month}
        hint="YYYY-MM"
        required
      />
      <fieldset className="admin-allowance__rule">
        <legend>Attendance</legend>
        <label className="admin-allowance__check">
          <input type="checkbox" checked={draft.attendance_enabled} onChange={(e) => set('attendance_enabled', e.target.checked)} />
          Count attendance
        </label>
        <TextField
          label="Least attendance (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.min_percent}
          onChange={(e) => set('min_percent', e.target.value)}
          error={shown['rules.attendance.min_percent']}
          hint="Attended (present or late) out of the sessions counted; excused ones are left out."
        />
        <TextField
          label="Pro-rated from (%)"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          value={draft.prorate_from_percent}
          onChange={(e) => set('prorate_from_percent', e.target.value)}
          error={shown['rules.attendance.prorate_from_percent']}
          hint="Below the least attendance but at least this: paid by the attendance share. Leave empty to withhold below it."
        />
      </fieldset>
      <fieldset className="admin-allowance__rule">
        <legend>Hand-ins</legend>
        <label className="admin-allowance__check">
          <input type="checkbox" checked={draft.submissions_enabled} onChange={(e) => set('submissions_enabled', e.target.checked)} />
          Count mandatory hand-ins due in the month
        </label>
        <SelectField
          label="When one is missing"
          value={draft.on_fail}
          onChange={(e) => set('on_fail', e.target.value as RuleEffect)}
          options={[
            { value: 'WITHHOLD', label: 'Withhold the month' },
            { value: 'PRORATE', label: 'Pro-rate by the share handed in' },
          ]}
          error={shown['rules.submissions.on_fail']}
        />
      </fieldset>
      <fieldset className="admin-allowance__rule">
        <legend>Absences in a row</legend>
        <label className="admin-allowance__check">
          <input type="checkbox" checked={draft.streak_enabled} onChange={(e) => set('streak_enabled', e.target.checked)} />
          Count unexcused absences in a row
        </label>
        <TextField
          label="Most absences in a row"
          type="number"
          inputMode="numeric"
          min={1}
          max={20}
          value={draft.max_sessions}
          onChange={(e) => set('max_sessions', e.target.value)}
          error={shown['rules.absence_streak.max_sessions']}
          hint="More unexcused absences than this in a row withhold the month."
        />
      </fieldset>
      <fieldset className="admin-allowance__rule">
        <legend>Logbook weeks (on-the-job training)</legend>
        <label className="admin-allowance__check">
          <input type="checkbox" checked={draft.logbook_enabled} onChange={(e) => set('logbook_enabled', e.target.checked)} />
          Count logbook weeks signed by the supervisor
        </label>
        <SelectField
          label="When a week is still unsigned 7 days after its end"
          value={draft.logbook_on_fail}
          onChange={(e) => set('logbook_on_fail', e.target.value as RuleEffect)}
          options={[
            { value: 'WITHHOLD', label: 'Withhold the month' },
            { value: 'PRORATE', label: 'Pro-rate by the share of weeks signed' },
          ]}
          error={shown['rules.logbook.on_fail']}
        />
      </fieldset>
      <TextAreaField
        label="Note"
        rows={2}
        value={draft.note}
        onChange={(e) => set('note', e.target.value)}
        error={shown.note}
        hint="Why the rules change, e.g. 'As agreed with the funder'."
      />
      {serverMessage && (
        <p className="admin-danger-text" role="alert">
          {serverMessage}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save the rules'}
        </Button>
      </div>
    </form>
  );
}
