import {
  ADMIN_MESSAGES,
  type AdminCohort,
  isApiError,
  type LiveSession,
  SESSION_THRESHOLD_DEFAULT_PERCENT,
  type SessionMode,
} from '@school/contracts';
import { Button, formatDateTime, LoadingIndicator, SelectField, TextField, useConfirm, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { AttendanceRegistersPanel } from './attendance-registers-panel';
import { CheckInCodePanel } from './check-in-code-panel';
import { SessionRegister } from './session-register';

const MODE_OPTIONS = [
  { value: 'ONLINE', label: 'Online (meeting link)' },
  { value: 'ON_SITE', label: 'On site' },
];

interface Draft {
  title: string;
  start: string;
  duration: string;
  mode: SessionMode;
  meetingUrl: string;
  place: string;
  mandatory: boolean;
  facilitators: string[];
  threshold: string;
}

const EMPTY: Draft = {
  title: '',
  start: '',
  duration: '60',
  mode: 'ONLINE',
  meetingUrl: '',
  place: '',
  mandatory: true,
  facilitators: [],
  threshold: String(SESSION_THRESHOLD_DEFAULT_PERCENT),
};

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local field holds it. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const draftOf = (s: LiveSession): Draft => ({
  title: s.title,
  start: localInput(s.starts_at),
  duration: String(s.duration_minutes),
  mode: s.mode,
  meetingUrl: s.meeting_url ?? '',
  place: s.place ?? '',
  mandatory: s.mandatory,
  facilitators: s.facilitators.map((f) => f.id_slug),
  threshold: String(s.attendance_threshold_percent),
});

const where = (s: LiveSession) => (s.mode === 'ONLINE' ? `Online · ${s.meeting_url}` : `On site · ${s.place}`);
const names = (s: LiveSession) => s.facilitators.map((f) => `${f.first_name} ${f.last_name}`.trim()).join(', ');

/**
 * The cohort's live sessions: the list by start (cancelled ones kept and marked), a form to
 * schedule one or edit one, and cancelling. Facilitators are chosen among the cohort's instructors.
 */
export function CohortSessionsTab({ cohort }: { cohort: AdminCohort }) {
  const params = { cohortId: cohort.id_slug };
  const sessions = useRouteQuery('adminCohortSessions', { params }, { select: (r) => r.data });
  const instructors = useRouteQuery('adminCohortInstructors', { params }, { select: (r) => r.data });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<string | null>(null);
  const [registerOf, setRegisterOf] = useState<string | null>(null);
  const [codeOf, setCodeOf] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
  };
  const create = useRouteMutation('adminCreateSession', {
    invalidates: invalidations.adminCreateSession,
    onSuccess: (s) => notify.success(`${s.title} is scheduled for ${formatDateTime(s.starts_at)}.`),
  });
  const update = useRouteMutation('adminUpdateSession', {
    invalidates: invalidations.adminUpdateSession,
    onSuccess: (s) => notify.success(`${s.title} is saved.`),
  });
  const cancel = useRouteMutation('adminCancelSession', {
    invalidates: invalidations.adminCancelSession,
    onSuccess: (s) => notify.success(`${s.title} is cancelled.`),
  });
  const saving = editing ? update : create;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const start = new Date(draft.start);
    const body = {
      title: draft.title,
      starts_at: Number.isNaN(start.getTime()) ? draft.start : start.toISOString(),
      duration_minutes: Number(draft.duration),
      mode: draft.mode,
      meeting_url: draft.mode === 'ONLINE' ? draft.meetingUrl.trim() || null : null,
      place: draft.mode === 'ON_SITE' ? draft.place.trim() || null : null,
      mandatory: draft.mandatory,
      facilitator_id_slugs: draft.facilitators,
      attendance_threshold_percent: Number(draft.threshold),
    };
    const done = { onSuccess: reset, onError: (err: unknown) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure) };
    if (editing) update.mutate({ params: { ...params, sessionId: editing }, body }, done);
    else create.mutate({ params, body }, done);
  };

  const onCancel = async (s: LiveSession) => {
    const ok = await confirm({
      title: 'Cancel this session?',
      message: `${s.title} on ${formatDateTime(s.starts_at)} stays listed, marked cancelled; students no longer get its link.`,
      confirmLabel: 'Cancel session',
      tone: 'danger',
    });
    if (ok) cancel.mutate({ params: { ...params, sessionId: s.id_slug } }, { onError: () => notify.error(ADMIN_MESSAGES.genericFailure) });
  };

  const err = saving.error;
  return (
    <div className="ui-stack">
      <section aria-labelledby="cohort-sessions" className="ui-stack">
        <h2 id="cohort-sessions" className="admin-section-title">
          Live sessions
        </h2>
        {sessions.isPending ? (
          <LoadingIndicator />
        ) : sessions.isError ? (
          <p role="alert">The sessions could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : sessions.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No session is scheduled yet. Schedule one below.</p>
        ) : (
          <ul className="admin-sessions" aria-label="Sessions">
            {sessions.data.map((s) => (
              <li key={s.id_slug} className="admin-sessions__item">
                <div>
                  <strong>{s.title}</strong>
                  {s.cancelled_at ? ' (cancelled)' : ''}
                  {s.mandatory ? '' : ' · optional'}
                  <div className="admin-sessions__sub">
                    {formatDateTime(s.starts_at)} · {s.duration_minutes} min · {where(s)}
                    {s.facilitators.length ? ` · ${names(s)}` : ''}
                  </div>
                </div>
                {!s.cancelled_at && (
                  <div className="admin-sessions__actions">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Register of ${s.title}`}
                      aria-expanded={registerOf === s.id_slug}
                      onClick={() => setRegisterOf(registerOf === s.id_slug ? null : s.id_slug)}
                    >
                      Register
                    </Button>
                    {s.mode === 'ON_SITE' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Check-in code for ${s.title}`}
                        aria-expanded={codeOf === s.id_slug}
                        onClick={() => setCodeOf(codeOf === s.id_slug ? null : s.id_slug)}
                      >
                        Check-in code
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Edit ${s.title}`}
                      onClick={() => {
                        setEditing(s.id_slug);
                        setDraft(draftOf(s));
                      }}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="admin-danger-text"
                      aria-label={`Cancel ${s.title}`}
                      onClick={() => onCancel(s)}
                    >
                      Cancel
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {codeOf && sessions.data?.some((s) => s.id_slug === codeOf && !s.cancelled_at) && (
        <CheckInCodePanel cohortId={cohort.id_slug} session={sessions.data.find((s) => s.id_slug === codeOf)!} />
      )}
      {registerOf && sessions.data?.some((s) => s.id_slug === registerOf && !s.cancelled_at) && (
        <SessionRegister cohortId={cohort.id_slug} session={sessions.data.find((s) => s.id_slug === registerOf)!} />
      )}
      <AttendanceRegistersPanel cohortId={cohort.id_slug} />
      <form className="admin-card ui-stack" aria-labelledby="cohort-session-form" onSubmit={onSubmit} noValidate>
        <h2 id="cohort-session-form" className="admin-section-title">
          {editing ? 'Edit the session' : 'Schedule a session'}
        </h2>
        {err && isApiError(err) && <p role="alert">{err.message}</p>}
        <TextField
          label="Title"
          required
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={fieldError(err, 'title')}
        />
        <TextField
          label="Starts"
          type="datetime-local"
          required
          value={draft.start}
          onChange={(e) => set('start', e.target.value)}
          error={fieldError(err, 'starts_at')}
          hint="Date and time, in your time zone"
        />
        <TextField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={5}
          max={720}
          required
          value={draft.duration}
          onChange={(e) => set('duration', e.target.value)}
          error={fieldError(err, 'duration_minutes')}
        />
        <SelectField label="Mode" options={MODE_OPTIONS} value={draft.mode} onChange={(e) => set('mode', e.target.value as SessionMode)} />
        {draft.mode === 'ONLINE' ? (
          <TextField
            label="Meeting link"
            type="url"
            required
            value={draft.meetingUrl}
            onChange={(e) => set('meetingUrl', e.target.value)}
            error={fieldError(err, 'meeting_url')}
            hint="Zoom, Google Meet, Microsoft Teams or any https link. Students get it from 15 minutes before the start."
          />
        ) : (
          <TextField
            label="Place"
            required
            value={draft.place}
            onChange={(e) => set('place', e.target.value)}
            error={fieldError(err, 'place')}
          />
        )}
        <TextField
          label="Attendance threshold (% of the session)"
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          required
          value={draft.threshold}
          onChange={(e) => set('threshold', e.target.value)}
          error={fieldError(err, 'attendance_threshold_percent')}
          hint="A trainee present for at least this share counts present when a participant report is imported"
        />
        <label className="admin-sessions__check">
          <input type="checkbox" checked={draft.mandatory} onChange={(e) => set('mandatory', e.target.checked)} />
          Mandatory (counts towards attendance)
        </label>
        <fieldset className="admin-sessions__facilitators">
          <legend>Facilitators</legend>
          {instructors.data?.length ? (
            instructors.data.map((i) => (
              <label key={i.id_slug} className="admin-sessions__check">
                <input
                  type="checkbox"
                  checked={draft.facilitators.includes(i.id_slug)}
                  onChange={(e) =>
                    set(
                      'facilitators',
                      e.target.checked ? [...draft.facilitators, i.id_slug] : draft.facilitators.filter((f) => f !== i.id_slug),
                    )
                  }
                />
                {i.first_name} {i.last_name}
              </label>
            ))
          ) : (
            <p className="ui-empty ui-empty--quiet">Add the cohort's instructors (Instructors tab) to choose facilitators.</p>
          )}
          {fieldError(err, 'facilitator_id_slugs') && <p role="alert">{fieldError(err, 'facilitator_id_slugs')}</p>}
        </fieldset>
        <div className="admin-sessions__actions">
          <Button type="submit" disabled={saving.isPending}>
            {editing ? 'Save session' : 'Schedule session'}
          </Button>
          {editing && (
            <Button type="button" variant="ghost" onClick={reset}>
              Stop editing
            </Button>
          )}
        </div>
      </form>
      {dialog}
    </div>
  );
}
