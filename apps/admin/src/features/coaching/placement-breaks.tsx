import {
  ADMIN_MESSAGES,
  BREAK_REASON_LABELS,
  BREAK_REASONS,
  type BreakReason,
  isApiError,
  type Placement,
  type PlacementBreak,
} from '@school/contracts';
import { Button, formatDateTime, SelectField, TextAreaField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { QueryView } from '../../components/query-view';
import { fieldError } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { breakText } from '../../lib/placement-breaks';
import { TraineePackButtons } from '../../components/evidence-pack-buttons';
import { formatSchoolDate } from '../../lib/school-time';

const BREAK_FIELDS = ['starts_on', 'ends_on', 'reason', 'note'];
const otherError = (err: unknown, fields: string[]) =>
  isApiError(err) && !fields.some((f) => err.errors?.[f]) ? err.message : err ? ADMIN_MESSAGES.genericFailure : null;

/**
 * The trainee's placement on their coach's page: host, dates and hours, the breaks recorded (each
 * with its corrections) and the form to record one. A break lengthens the trainee's OJT phase by
 * its days: their later dates move and they are told by email.
 */
export function TraineePlacement({ cohortId, userId, home }: { cohortId: string; userId: string; home: string }) {
  const query = useRouteQuery('staffTraineePlacement', { params: { cohortId, userIdSlug: userId } }, { select: (r) => r.data });
  return (
    <QueryView query={query} label="the trainee's placement" homePath={home}>
      {(p) => (
        <section className="admin-card ui-stack" aria-labelledby="trainee-placement">
          <h2 id="trainee-placement" className="admin-section-title">
            Placement
          </h2>
          {p ? <PlacementBody p={p} /> : <p className="ui-empty ui-empty--quiet">This trainee is not placed with a host company yet.</p>}
        </section>
      )}
    </QueryView>
  );
}

function PlacementBody({ p }: { p: Placement }) {
  const standing = p.breaks.filter((b) => !b.withdrawn);
  const withdrawn = p.breaks.filter((b) => b.withdrawn);
  return (
    <>
      <dl className="admin-facts">
        <dt>Host</dt>
        <dd>
          {p.host_company.name}, {p.site}
        </dd>
        <dt>OJT dates</dt>
        <dd>
          {formatSchoolDate(p.starts_on)} – {formatSchoolDate(p.ends_on)}
        </dd>
        <dt>Hours</dt>
        <dd>
          {p.hours_logged} h logged of {p.hours_due} h due ({p.weekly_hours_target} h a week, paused on break days)
        </dd>
        <dt>Evidence pack</dt>
        <dd className="admin-placements__actions">
          <TraineePackButtons placementId={p.id_slug} name={`${p.trainee.first_name} ${p.trainee.last_name}`} />
        </dd>
      </dl>
      <h3 className="admin-section-title">Breaks</h3>
      {standing.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No break recorded.</p>
      ) : (
        <ul className="admin-sessions" aria-label="Breaks">
          {standing.map((b) => (
            <BreakItem key={b.id_slug} placementId={p.id_slug} b={b} />
          ))}
        </ul>
      )}
      {withdrawn.length > 0 && (
        <details>
          <summary>Withdrawn breaks ({withdrawn.length})</summary>
          <ul className="admin-sessions" aria-label="Withdrawn breaks">
            {withdrawn.map((b) => (
              <li key={b.id_slug} className="admin-sessions__item">
                <div>
                  <s>
                    {BREAK_REASON_LABELS[b.reason]}: {formatSchoolDate(b.starts_on)} – {formatSchoolDate(b.recorded_ends_on)}
                  </s>
                  <BreakHistory b={b} />
                </div>
              </li>
            ))}
          </ul>
        </details>
      )}
      <RecordBreak placementId={p.id_slug} />
    </>
  );
}

function BreakHistory({ b }: { b: PlacementBreak }) {
  return (
    <>
      <div className="admin-sessions__sub">
        Recorded by {b.recorded_by} on {formatDateTime(b.recorded_at)}
        {b.note && ` · “${b.note}”`}
      </div>
      {b.corrections.map((c) => (
        <div key={c.at} className="admin-sessions__sub">
          {c.ends_on ? `Last day changed to ${formatSchoolDate(c.ends_on)}` : 'Withdrawn'} by {c.by} on {formatDateTime(c.at)}: “{c.comment}
          ”
        </div>
      ))}
    </>
  );
}

/** A standing break with its history and its correction: a new last day, or withdrawn. */
function BreakItem({ placementId, b }: { placementId: string; b: PlacementBreak }) {
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [endsOn, setEndsOn] = useState(b.ends_on);
  const [comment, setComment] = useState('');
  const correct = useRouteMutation('staffCorrectBreak', { invalidates: invalidations.staffCorrectBreak });
  const err = correct.error;
  const send = (ends_on: string | null) =>
    correct.mutate(
      { params: { placementId, breakId: b.id_slug }, body: { ends_on, comment: comment.trim() } },
      {
        onSuccess: () => {
          notify.success(
            ends_on ? 'The break is corrected; the trainee’s dates moved' : 'The break is withdrawn; the trainee’s dates moved back',
          );
          setOpen(false);
          setComment('');
        },
      },
    );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send(endsOn);
  };
  return (
    <li className="admin-sessions__item">
      <div className="ui-stack">
        <div>
          <strong>{breakText(b)}</strong>
          <BreakHistory b={b} />
        </div>
        {open && (
          <form className="ui-stack" aria-label={`Correct the break from ${formatSchoolDate(b.starts_on)}`} onSubmit={onSubmit} noValidate>
            {otherError(err, ['ends_on', 'comment']) && <p role="alert">{otherError(err, ['ends_on', 'comment'])}</p>}
            <TextField
              label="New last day"
              type="date"
              value={endsOn}
              min={b.starts_on}
              onChange={(e) => setEndsOn(e.target.value)}
              error={fieldError(err, 'ends_on')}
            />
            <TextAreaField
              label="Why"
              required
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              error={fieldError(err, 'comment')}
              hint="Kept with the break: it is never edited"
            />
            <div className="admin-sessions__actions">
              <Button type="submit" size="sm" disabled={correct.isPending}>
                Change the last day
              </Button>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="admin-danger-text"
                disabled={correct.isPending}
                onClick={() => send(null)}
              >
                Withdraw the break
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
      {!open && (
        <div className="admin-sessions__actions">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Correct the break from ${formatSchoolDate(b.starts_on)}`}
            onClick={() => setOpen(true)}
          >
            Correct
          </Button>
        </div>
      )}
    </li>
  );
}

interface Draft {
  starts_on: string;
  ends_on: string;
  reason: BreakReason | '';
  note: string;
}
const EMPTY: Draft = { starts_on: '', ends_on: '', reason: '', note: '' };

function RecordBreak({ placementId }: { placementId: string }) {
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const record = useRouteMutation('staffRecordBreak', { invalidates: invalidations.staffRecordBreak });
  const err = record.error;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate(
      { params: { placementId }, body: { ...draft, reason: draft.reason as BreakReason, note: draft.note.trim() } },
      {
        onSuccess: (r) => {
          notify.success(`Break recorded: the trainee’s OJT now ends on ${formatSchoolDate(r.data.ends_on)}`);
          setDraft(EMPTY);
        },
      },
    );
  };
  return (
    <form className="ui-stack" aria-labelledby="record-break" onSubmit={onSubmit} noValidate>
      <h3 id="record-break" className="admin-section-title">
        Record a break
      </h3>
      <p className="ui-muted ui-muted--small">
        The trainee’s OJT grows by the break’s days, their later dates move (they get an email listing them) and the hours target pauses for
        those days.
      </p>
      {otherError(err, BREAK_FIELDS) && <p role="alert">{otherError(err, BREAK_FIELDS)}</p>}
      <TextField
        label="First day"
        type="date"
        required
        value={draft.starts_on}
        onChange={(e) => set('starts_on', e.target.value)}
        error={fieldError(err, 'starts_on')}
      />
      <TextField
        label="Last day"
        type="date"
        required
        value={draft.ends_on}
        onChange={(e) => set('ends_on', e.target.value)}
        error={fieldError(err, 'ends_on')}
      />
      <SelectField
        label="Reason"
        required
        placeholder="Choose a reason"
        options={BREAK_REASONS.map((r) => ({ value: r, label: BREAK_REASON_LABELS[r] }))}
        value={draft.reason}
        onChange={(e) => set('reason', e.target.value as BreakReason)}
        error={fieldError(err, 'reason')}
      />
      <TextAreaField
        label="Note"
        value={draft.note}
        onChange={(e) => set('note', e.target.value)}
        error={fieldError(err, 'note')}
        hint="Required for “Other”"
      />
      <div className="admin-sessions__actions">
        <Button type="submit" disabled={record.isPending}>
          Record the break
        </Button>
      </div>
    </form>
  );
}
