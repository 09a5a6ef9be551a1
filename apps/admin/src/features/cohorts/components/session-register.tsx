import {
  ADMIN_MESSAGES,
  type AttendanceStatus,
  isApiError,
  type LiveSession,
  REGISTER_MESSAGES,
  type RegisterRow,
} from '@school/contracts';
import { Button, formatDateTime, LoadingIndicator, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { AttendanceImport } from './attendance-import';

const STATUS_LABELS: Record<AttendanceStatus, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };
const STATUS_OPTIONS = (Object.keys(STATUS_LABELS) as AttendanceStatus[]).map((value) => ({ value, label: STATUS_LABELS[value] }));
const nameOf = (r: RegisterRow) => `${r.first_name} ${r.last_name}`.trim();

/** One trainee's row: their mark and a small form (a select and, when needed, the reason) to change it. */
function RegisterLine({
  row,
  ended,
  onMark,
  pending,
  error,
}: {
  row: RegisterRow;
  ended: boolean;
  onMark: (status: AttendanceStatus, reason: string) => void;
  pending: boolean;
  error: unknown;
}) {
  const [status, setStatus] = useState<AttendanceStatus>(row.status ?? 'PRESENT');
  const [reason, setReason] = useState('');
  const needsReason = ended || status === 'EXCUSED';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onMark(status, reason);
  };
  return (
    <li className="admin-register__row">
      <form className="ui-stack" onSubmit={submit} aria-label={`Mark ${nameOf(row)}`} noValidate>
        <div>
          <strong>{nameOf(row)}</strong>: {row.status ? STATUS_LABELS[row.status] : 'Not marked'}
          {row.reason ? ` (${row.reason})` : ''}
          {row.marked_at && row.marked_by ? (
            <div className="admin-sessions__sub">
              by {row.marked_by}
              {row.approved_by ? `, approved by ${row.approved_by}` : ''}, {formatDateTime(row.marked_at)}
            </div>
          ) : null}
        </div>
        <SelectField
          label={`Mark for ${nameOf(row)}`}
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value as AttendanceStatus)}
        />
        {needsReason && (
          <TextField
            label={ended ? 'Reason for the change' : 'Reason'}
            required
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={fieldError(error, 'reason')}
          />
        )}
        <Button type="submit" size="sm" disabled={pending}>
          Save mark
        </Button>
      </form>
    </li>
  );
}

/**
 * A session's register, usable on a phone and by keyboard: one form per trainee. Every mark is kept
 * as a new entry; once the session has ended a change says why.
 */
export function SessionRegister({ cohortId, session }: { cohortId: string; session: LiveSession }) {
  const params = { cohortId, sessionId: session.id_slug };
  const reg = useRouteQuery('adminSessionRegister', { params });
  const notify = useNotify();
  const [target, setTarget] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const mark = useRouteMutation('adminMarkAttendance', {
    invalidates: invalidations.adminMarkAttendance,
    onSuccess: (r, vars) => {
      if (r.pending_correction) return notify.success(REGISTER_MESSAGES.closedNotice);
      const row = r.data.find((x) => x.id_slug === vars.body.user_id_slug);
      if (row) notify.success(`${nameOf(row)} is marked ${STATUS_LABELS[row.status ?? 'ABSENT'].toLowerCase()}.`);
    },
  });
  if (reg.isPending) return <LoadingIndicator />;
  if (reg.isError) return <p role="alert">The register could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>;
  return (
    <section className="admin-card ui-stack" aria-labelledby={`register-${session.id_slug}`}>
      <h3 id={`register-${session.id_slug}`} className="admin-section-title">
        Register: {session.title}
      </h3>
      <p className="ui-muted">
        {reg.data.ended
          ? 'The session has ended: unmarked trainees count absent, and a change needs its reason.'
          : 'Mark each trainee as they arrive.'}
      </p>
      {reg.data.month_closed && (
        <p className="admin-register__closed" role="note">
          {REGISTER_MESSAGES.closedNotice}
        </p>
      )}
      {session.mode === 'ONLINE' &&
        (reg.data.ended ? (
          <div className="ui-stack">
            <div>
              <Button size="sm" variant="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>
                Import attendance report
              </Button>
            </div>
            {importing && <AttendanceImport cohortId={cohortId} session={session} />}
          </div>
        ) : (
          <p className="ui-muted">Once the session has ended, its participant report (Zoom, Google Meet or Teams) can be imported here.</p>
        ))}
      {reg.data.data.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">The cohort has no trainees yet.</p>
      ) : (
        <ul className="admin-register" aria-label="Register">
          {reg.data.data.map((row) => (
            <RegisterLine
              key={row.id_slug}
              row={row}
              ended={reg.data.ended}
              pending={mark.isPending}
              error={target === row.id_slug ? mark.error : null}
              onMark={(status, reason) => {
                setTarget(row.id_slug);
                mark.mutate(
                  { params, body: { user_id_slug: row.id_slug, status, reason: reason.trim() || null } },
                  { onError: (e) => !isApiError(e) && notify.error(ADMIN_MESSAGES.genericFailure) },
                );
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
