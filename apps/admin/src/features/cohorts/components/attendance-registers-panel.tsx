import { ADMIN_MESSAGES, type AttendanceCorrection, type AttendanceRegister, type AttendanceStatus, isApiError } from '@school/contracts';
import { Button, formatDateTime, LoadingIndicator, TextField, useConfirm, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

const STATUS_LABELS: Record<AttendanceStatus, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };
const STATE_LABELS: Record<AttendanceRegister['state'], string> = { QUEUED: 'Queued', READY: 'Ready', FAILED: 'Failed' };

/** Last month in Malaysia time, `YYYY-MM`: the month a register is usually asked for. */
export function lastMonthInMalaysia(now = new Date()): string {
  const kl = new Date(now.getTime() + 8 * 3_600_000);
  const first = new Date(Date.UTC(kl.getUTCFullYear(), kl.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}

/** "October 2026". */
export const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const nameOf = (c: AttendanceCorrection) => `${c.trainee.first_name} ${c.trainee.last_name}`.trim();

/**
 * The cohort's monthly attendance registers (asked for by month, each produced by a job: queued,
 * ready with its CSV and PDF, or failed), closing a month (admins), and the corrections of closed
 * months waiting for a second staff member.
 */
export function AttendanceRegistersPanel({ cohortId }: { cohortId: string }) {
  const params = { cohortId };
  const { user } = useSession();
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const [month, setMonth] = useState(lastMonthInMalaysia);
  // While a register is queued, the list is read again every 2 s until its job has finished.
  const registers = useRouteQuery(
    'adminAttendanceRegisters',
    { params },
    { refetchInterval: (answer) => (answer?.data.some((r) => r.state === 'QUEUED') ? 2000 : false) },
  );
  const corrections = useRouteQuery('adminAttendanceCorrections', { params }, { select: (r) => r.data });
  const request = useRouteMutation('adminRequestAttendanceRegister', {
    invalidates: invalidations.adminRequestAttendanceRegister,
    onSuccess: (r) => notify.success(`The register of ${monthName(r.month)} is being prepared.`),
  });
  const close = useRouteMutation('adminCloseAttendanceMonth', {
    invalidates: invalidations.adminCloseAttendanceMonth,
    onSuccess: (c) => notify.success(`${monthName(c.month)} is closed. Registers produced from now on read Final.`),
  });
  const approve = useRouteMutation('adminApproveAttendanceCorrection', {
    invalidates: invalidations.adminApproveAttendanceCorrection,
    onSuccess: (c) => notify.success(`${nameOf(c)} is now marked ${STATUS_LABELS[c.status].toLowerCase()} on ${c.session_title}.`),
  });
  const refuse = useRouteMutation('adminRefuseAttendanceCorrection', {
    invalidates: invalidations.adminRefuseAttendanceCorrection,
    onSuccess: (c) => notify.success(`The change to ${nameOf(c)}'s mark is refused; the mark stays as it was.`),
  });
  const failed = (e: unknown) => (isApiError(e) ? notify.error(e.message) : notify.error(ADMIN_MESSAGES.genericFailure));
  const closed = new Map((registers.data?.closed_months ?? []).map((c) => [c.month, c]));

  const onRequest = (e: FormEvent) => {
    e.preventDefault();
    request.mutate({ params, body: { month } }, { onError: (err) => !isApiError(err) && notify.error(ADMIN_MESSAGES.genericFailure) });
  };
  const onClose = async () => {
    const ok = await confirm({
      title: `Close ${monthName(month)}?`,
      message: "Its registers will read Final, and any change to a mark of its sessions will wait for a second staff member's approval.",
      confirmLabel: 'Close month',
    });
    if (ok) close.mutate({ params: { ...params, month } }, { onError: failed });
  };

  return (
    <div className="ui-stack">
      <section aria-labelledby="attendance-registers" className="admin-card ui-stack">
        <h2 id="attendance-registers" className="admin-section-title">
          Monthly attendance registers
        </h2>
        <form className="ui-stack" onSubmit={onRequest} noValidate aria-label="Request a register">
          <TextField
            label="Month"
            type="month"
            required
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            error={fieldError(request.error, 'month')}
            hint={closed.has(month) ? `Closed by ${closed.get(month)!.closed_by}: its registers read Final.` : 'Months in Malaysia time.'}
          />
          <div className="admin-sessions__actions">
            <Button type="submit" disabled={request.isPending}>
              Prepare register (CSV and PDF)
            </Button>
            {user?.role === 'ADMIN' && !closed.has(month) && (
              <Button type="button" variant="secondary" disabled={close.isPending} onClick={onClose}>
                Close month
              </Button>
            )}
          </div>
        </form>
        {registers.isPending ? (
          <LoadingIndicator />
        ) : registers.isError ? (
          <p role="alert">The registers could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : registers.data.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No register has been prepared yet.</p>
        ) : (
          <ul className="admin-sessions" aria-label="Registers">
            {registers.data.data.map((r) => (
              <li key={r.id_slug} className="admin-sessions__item">
                <div>
                  <strong>{monthName(r.month)}</strong> · {r.final ? 'Final' : 'Draft'} · {STATE_LABELS[r.state]}
                  <div className="admin-sessions__sub">
                    Asked by {r.requested_by}, {formatDateTime(r.requested_at)}
                    {r.state === 'FAILED' && r.error ? ` · ${r.error}` : ''}
                  </div>
                </div>
                {r.state === 'READY' && (
                  <div className="admin-sessions__actions">
                    {r.csv_url && (
                      <a href={r.csv_url} download aria-label={`Download the CSV of ${monthName(r.month)}`}>
                        CSV
                      </a>
                    )}
                    {r.pdf_url && (
                      <a href={r.pdf_url} download aria-label={`Download the PDF of ${monthName(r.month)}`}>
                        PDF
                      </a>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="attendance-corrections" className="admin-card ui-stack">
        <h2 id="attendance-corrections" className="admin-section-title">
          Corrections waiting for approval
        </h2>
        {corrections.isPending ? (
          <LoadingIndicator />
        ) : corrections.isError ? (
          <p role="alert">The corrections could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
        ) : corrections.data.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No correction is waiting.</p>
        ) : (
          <ul className="admin-sessions" aria-label="Corrections">
            {corrections.data.map((c) => (
              <li key={c.id_slug} className="admin-sessions__item">
                <div>
                  <strong>{nameOf(c)}</strong>, {c.session_title} ({formatDateTime(c.session_starts_at)}):{' '}
                  {c.current_status ? STATUS_LABELS[c.current_status] : 'Not marked'} → {STATUS_LABELS[c.status]}
                  <div className="admin-sessions__sub">
                    “{c.reason}”, asked by {c.requested_by}, {formatDateTime(c.requested_at)}
                    {c.mine ? ' · You asked for this change: a second staff member decides it.' : ''}
                  </div>
                </div>
                {!c.mine && (
                  <div className="admin-sessions__actions">
                    <Button
                      size="sm"
                      aria-label={`Approve the change for ${nameOf(c)}`}
                      disabled={approve.isPending || refuse.isPending}
                      onClick={() => approve.mutate({ params: { ...params, correctionId: c.id_slug } }, { onError: failed })}
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Refuse the change for ${nameOf(c)}`}
                      disabled={approve.isPending || refuse.isPending}
                      onClick={() => refuse.mutate({ params: { ...params, correctionId: c.id_slug } }, { onError: failed })}
                    >
                      Refuse
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog}
    </div>
  );
}
