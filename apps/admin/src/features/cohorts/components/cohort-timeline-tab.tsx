import { ADMIN_MESSAGES, type AdminCohort, type Timeline, type TimelineEntry } from '@school/contracts';
import { Button, LoadingIndicator, SelectField, TextField, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { formatMalaysiaDateTime, formatSchoolDate } from '../../../lib/school-time';
import { groupTimeline, type HeaderDraft, headerChange, headerDraftOf, STATE_OPTIONS, stateName } from '../timeline';
import { SchoolClosuresPanel } from './school-closures-panel';
import { otherError, PreviewPanel, useTimelineChange } from './timeline-preview';
import { TimelineRuleForm } from './timeline-rule-form';
import { TimelineShifts } from './timeline-shifts';
import '../cohorts.css';

/**
 * The cohort's programme timeline: its start, holidays and phases, every dated thing by phase and
 * week with the rule that dates it, students' longer phases and the school's closures. Staff read
 * it; admins change it, each change previewed (what moves, who is told) before it is saved.
 */
export function CohortTimelineTab({ cohort }: { cohort: AdminCohort }) {
  const params = { cohortId: cohort.id_slug };
  const timeline = useRouteQuery('adminCohortTimeline', { params }, { select: (r) => r.data });
  const { user } = useSession();
  const admin = user?.role === 'ADMIN';

  return (
    <div className="ui-stack">
      {timeline.isPending ? (
        <LoadingIndicator />
      ) : timeline.isError ? (
        <p role="alert">The timeline could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
      ) : (
        <>
          <TimelineHeader timeline={timeline.data} admin={admin} />
          <TimelineList timeline={timeline.data} admin={admin} />
          <TimelineShifts timeline={timeline.data} admin={admin} />
        </>
      )}
      <SchoolClosuresPanel admin={admin} />
    </div>
  );
}

function TimelineHeader({ timeline, admin }: { timeline: Timeline; admin: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="timeline-header" className="admin-card ui-stack">
      <h2 id="timeline-header" className="admin-section-title">
        Programme
      </h2>
      <dl className="admin-timeline__facts">
        <div>
          <dt>Start date</dt>
          <dd>{formatSchoolDate(timeline.start_date)}</dd>
        </div>
        <div>
          <dt>Holidays</dt>
          <dd>{stateName(timeline.holiday_state)}</dd>
        </div>
      </dl>
      <ol className="admin-timeline__phases" aria-label="Phases">
        {timeline.phases.map((p) => (
          <li key={p.key}>
            <strong>{p.title}</strong> · {p.length_days} days · {formatSchoolDate(p.start_date)} – {formatSchoolDate(p.end_date)}
          </li>
        ))}
      </ol>
      {admin && !open && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
            Change the start, holidays or phases
          </Button>
        </div>
      )}
      {/* Keyed by what it edits: a saved change starts the form again from the saved values. */}
      {admin && open && <HeaderForm key={JSON.stringify(headerDraftOf(timeline))} timeline={timeline} onClose={() => setOpen(false)} />}
    </section>
  );
}

const HEADER_FIELDS = [
  'start_date',
  'holiday_state',
  'phases',
  ...[0, 1, 2].flatMap((i) => [`phases.${i}.title`, `phases.${i}.length_days`]),
];

function HeaderForm({ timeline, onClose }: { timeline: Timeline; onClose: () => void }) {
  const change = useTimelineChange(timeline.cohort_id_slug, { onSaved: onClose });
  const [draft, setDraft] = useState<HeaderDraft>(() => headerDraftOf(timeline));
  const [unchanged, setUnchanged] = useState(false);
  const err = change.error;
  // A field changed after a preview drops it: what is saved is what was previewed.
  const edit = (next: (d: HeaderDraft) => HeaderDraft) => {
    if (change.pending) change.cancel();
    setDraft(next);
  };
  const setPhase = (i: number, part: 'title' | 'length', value: string) =>
    edit((d) => ({ ...d, phases: d.phases.map((p, j) => (j === i ? { ...p, [part]: value } : p)) }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = headerChange(timeline, draft);
    setUnchanged(Object.keys(body).length === 0);
    if (Object.keys(body).length) change.ask(body);
  };

  return (
    <div className="ui-stack">
      <form className="ui-stack" aria-label="Start, holidays and phases" onSubmit={onSubmit} noValidate>
        {otherError(err, HEADER_FIELDS) && <p role="alert">{otherError(err, HEADER_FIELDS)}</p>}
        <TextField
          label="Start date"
          type="date"
          required
          value={draft.startDate}
          onChange={(e) => edit((d) => ({ ...d, startDate: e.target.value }))}
          error={fieldError(err, 'start_date')}
        />
        <SelectField
          label="Holidays"
          options={STATE_OPTIONS}
          value={draft.state}
          onChange={(e) => edit((d) => ({ ...d, state: e.target.value }))}
          error={fieldError(err, 'holiday_state')}
          hint="The state whose public holidays school days skip, beside the national ones"
        />
        {draft.phases.map((p, i) => (
          <fieldset key={p.key} className="admin-timeline__phase">
            <legend>Phase {i + 1}</legend>
            <TextField
              label="Title"
              required
              value={p.title}
              onChange={(e) => setPhase(i, 'title', e.target.value)}
              error={fieldError(err, `phases.${i}.title`)}
            />
            <TextField
              label="Length (days)"
              type="number"
              inputMode="numeric"
              min={1}
              max={730}
              required
              value={p.length}
              onChange={(e) => setPhase(i, 'length', e.target.value)}
              error={fieldError(err, `phases.${i}.length_days`)}
            />
          </fieldset>
        ))}
        {fieldError(err, 'phases') && <p role="alert">{fieldError(err, 'phases')}</p>}
        {unchanged && <p>Nothing is changed yet: change a field, then preview.</p>}
        <div className="admin-sessions__actions">
          <Button type="submit" disabled={change.busy}>
            Preview changes
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </form>
      {change.pending && (
        <PreviewPanel
          label="Preview of the change"
          preview={change.pending.preview}
          saving={change.saving}
          onSave={change.save}
          onCancel={change.cancel}
        />
      )}
    </div>
  );
}

const RULED = (e: TimelineEntry) => e.kind !== 'PHASE_START' && e.kind !== 'PHASE_END';

function TimelineList({ timeline, admin }: { timeline: Timeline; admin: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const groups = groupTimeline(timeline);

  const row = (e: TimelineEntry) => (
    <li key={e.item_key} className="admin-timeline__entry">
      <div className="admin-timeline__entry-text">
        <strong>{e.title}</strong>
        <div className="admin-sessions__sub">
          {formatMalaysiaDateTime(e.at)} · {e.rule_text}
        </div>
      </div>
      {admin && RULED(e) && (
        <div className="admin-sessions__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Change date rule for ${e.title}`}
            aria-expanded={editing === e.item_key}
            onClick={() => setEditing(editing === e.item_key ? null : e.item_key)}
          >
            Change date rule
          </Button>
        </div>
      )}
      {admin && editing === e.item_key && <TimelineRuleForm timeline={timeline} entry={e} onDone={() => setEditing(null)} />}
    </li>
  );

  return (
    <section aria-labelledby="timeline-dates" className="ui-stack">
      <h2 id="timeline-dates" className="admin-section-title">
        Dates
      </h2>
      <p className="ui-muted ui-muted--small">In Malaysia time. Weeks count from the cohort's start date.</p>
      {groups.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">Nothing is dated yet.</p>
      ) : (
        groups.map((g) => (
          <section key={g.key} aria-labelledby={`timeline-group-${g.key}`} className="ui-stack">
            <h3 id={`timeline-group-${g.key}`} className="admin-timeline__group">
              {g.title}
            </h3>
            {g.weeks.length === 0 ? (
              <ul className="admin-sessions" aria-label={g.title}>
                {g.entries.map(row)}
              </ul>
            ) : (
              g.weeks.map((w) => (
                <div key={w.week} className="ui-stack">
                  <h4 className="admin-timeline__week">{w.label}</h4>
                  <ul className="admin-sessions" aria-label={`${g.title}, ${w.label}`}>
                    {w.entries.map(row)}
                  </ul>
                </div>
              ))
            )}
          </section>
        ))
      )}
    </section>
  );
}
