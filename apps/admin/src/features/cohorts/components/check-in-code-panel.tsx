import { ADMIN_MESSAGES, type LiveSession } from '@school/contracts';
import { LoadingIndicator, useRouteQuery } from '@school/ui';

/** Read the code again every few seconds: a code stays accepted for 30 s after the next one shows. */
const REFRESH_MS = 5_000;

/**
 * An on-site session's check-in code for the room's screen: six large digits and the QR of the
 * learner portal's check-in address, new every 30 seconds (each accepted for two periods, so one
 * read just before the change still works).
 */
export function CheckInCodePanel({ cohortId, session }: { cohortId: string; session: LiveSession }) {
  const code = useRouteQuery(
    'adminSessionCheckInCode',
    { params: { cohortId, sessionId: session.id_slug } },
    { select: (r) => r.data, refetchInterval: REFRESH_MS, retry: false },
  );
  return (
    <section className="admin-card ui-stack admin-check-in" aria-labelledby={`check-in-${session.id_slug}`}>
      <h2 id={`check-in-${session.id_slug}`} className="admin-section-title">
        Check-in code: {session.title}
      </h2>
      {code.isPending ? (
        <LoadingIndicator />
      ) : code.isError ? (
        <p role="alert">The code could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
      ) : (
        <div className="admin-check-in__show">
          <p className="admin-check-in__code" aria-label={`Code ${code.data.code.split('').join(' ')}`}>
            {code.data.code}
          </p>
          <img
            className="admin-check-in__qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(code.data.qr_svg)}`}
            alt="QR code that opens the check-in on a trainee's phone"
            width={220}
            height={220}
          />
          <p className="admin-sessions__sub">
            Trainees type the code on their class page, or scan the QR, from 15 minutes before the start until the end. It changes every{' '}
            {code.data.period_seconds} seconds; a code passed on by message soon stops working.
          </p>
        </div>
      )}
    </section>
  );
}
