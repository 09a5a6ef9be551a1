import { ADMIN_MESSAGES, isApiError, type UnsignedWeek } from '@school/contracts';
import { Button, useRouteMutation } from '@school/ui';
import { invalidations } from '../lib/invalidations';
import { useNotify } from '../lib/notice';
import { formatMalaysiaDateTime, formatSchoolDate, malaysiaDateOf } from '../lib/school-time';
import './unsigned-weeks.css';

/**
 * Logbook weeks a supervisor has left unsigned 7 days after submission, oldest first: on the
 * coach's My trainees page and the cohort's Placements tab. Each can have its link revoked, or a
 * fresh one mailed to the supervisor (the old one then stops working).
 */
export function UnsignedWeeks({ weeks, showCohort }: { weeks: UnsignedWeek[]; showCohort: boolean }) {
  const notify = useNotify();
  const onError = (err: unknown) => notify.error(isApiError(err) ? err.message : ADMIN_MESSAGES.genericFailure);
  const resend = useRouteMutation('staffResendWeekLink', {
    invalidates: invalidations.staffResendWeekLink,
    onSuccess: (r) => notify.success(r.message),
  });
  const revoke = useRouteMutation('staffRevokeWeekLink', {
    invalidates: invalidations.staffRevokeWeekLink,
    onSuccess: (r) => notify.success(r.message),
  });
  const busy = resend.isPending || revoke.isPending;
  return (
    <section aria-labelledby="unsigned-weeks" className="ui-stack">
      <h2 id="unsigned-weeks" className="admin-section-title">
        Weeks waiting for a supervisor
      </h2>
      {weeks.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No logbook week has waited 7 days or more for its supervisor.</p>
      ) : (
        <ul className="admin-unsigned-weeks" aria-label="Weeks waiting for a supervisor">
          {weeks.map((w) => {
            const params = { placementId: w.placement_id_slug, week: w.week };
            const who = `week ${w.week} of ${w.trainee_name}`;
            return (
              <li key={`${w.placement_id_slug}-${w.week}`} className="admin-unsigned-weeks__item">
                <div>
                  <strong>{w.trainee_name}</strong> · week {w.week}
                  {showCohort ? ` · ${w.cohort_title}` : ''}
                  <div className="admin-unsigned-weeks__sub">
                    Submitted {formatSchoolDate(malaysiaDateOf(w.submitted_at))} · {w.host_name} · {w.supervisor_name} ({w.supervisor_email}
                    )
                  </div>
                  <div className="admin-unsigned-weeks__sub">
                    {w.link_expires_at ? `Link works until ${formatMalaysiaDateTime(w.link_expires_at)}` : 'No working link'}
                  </div>
                </div>
                <div className="admin-unsigned-weeks__actions">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`Send a new link for ${who}`}
                    onClick={() => resend.mutate({ params }, { onError })}
                  >
                    Send a new link
                  </Button>
                  {w.link_expires_at && (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={busy}
                      aria-label={`Revoke the link for ${who}`}
                      onClick={() => revoke.mutate({ params }, { onError })}
                    >
                      Revoke link
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
