import { ADMIN_MESSAGES, type CohortEvidencePack, isApiError } from '@school/contracts';
import { Button, formatDateTime, LoadingIndicator, useRouteMutation, useRouteQuery } from '@school/ui';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';

const STATE_LABELS: Record<CohortEvidencePack['state'], string> = {
  QUEUED: 'Queued',
  RUNNING: 'Being prepared',
  READY: 'Ready',
  FAILED: 'Failed',
};
const under = (p: CohortEvidencePack) => p.state === 'QUEUED' || p.state === 'RUNNING';
const fileSize = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} kB` : `${(n / 1024 / 1024).toFixed(1)} MB`);

/**
 * The cohort's evidence pack: one job packs every placed trainee's PDF and CSV and a cohort CSV into
 * a ZIP. While it runs the list is read every 2 s to show how many trainees are done.
 */
export function EvidencePackPanel({ cohortId, placed }: { cohortId: string; placed: number }) {
  const params = { cohortId };
  const notify = useNotify();
  const packs = useRouteQuery(
    'adminCohortEvidencePacks',
    { params },
    { refetchInterval: (answer) => (answer?.data.some(under) ? 2000 : false) },
  );
  const request = useRouteMutation('adminRequestCohortEvidencePack', {
    invalidates: invalidations.adminRequestCohortEvidencePack,
    onSuccess: (p) => notify.success(`The evidence pack of ${p.total} trainees is being prepared.`),
  });
  const busy = request.isPending || Boolean(packs.data?.data.some(under));
  return (
    <section aria-labelledby="cohort-evidence-pack" className="admin-card ui-stack">
      <h2 id="cohort-evidence-pack" className="admin-section-title">
        Evidence pack
      </h2>
      <p>
        Every placed trainee’s logbook, hours against target, breaks, reviews and attendance as a PDF and a CSV (one row per logged day),
        with a cohort CSV, in one ZIP.
      </p>
      <div>
        <Button
          className="admin-placements__wrap"
          disabled={busy || placed === 0}
          onClick={() =>
            request.mutate({ params }, { onError: (e) => notify.error(isApiError(e) ? e.message : ADMIN_MESSAGES.genericFailure) })
          }
        >
          Prepare the cohort’s evidence pack
        </Button>
      </div>
      {packs.isPending ? (
        <LoadingIndicator />
      ) : packs.isError ? (
        <p role="alert">The evidence packs could not be loaded. {ADMIN_MESSAGES.genericFailure}</p>
      ) : packs.data.data.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No evidence pack has been prepared yet.</p>
      ) : (
        <ul className="admin-placements" aria-label="Evidence packs">
          {packs.data.data.map((p) => (
            <li key={p.id_slug} className="admin-placements__item">
              <div>
                <strong>{STATE_LABELS[p.state]}</strong>
                {under(p) ? (
                  <>
                    {' '}
                    · <span aria-live="polite">{`${p.done} of ${p.total} trainees`}</span>
                    <progress className="admin-placements__progress" max={p.total || 1} value={p.done} aria-label="Trainees packed" />
                  </>
                ) : (
                  ` · ${p.total} trainees`
                )}
                <div className="admin-placements__sub">
                  Asked by {p.requested_by}, {formatDateTime(p.requested_at)}
                  {p.state === 'FAILED' && p.error ? ` · ${p.error}` : ''}
                </div>
              </div>
              {p.state === 'READY' && p.zip_url && (
                <a href={p.zip_url} download>
                  Download ZIP{p.size_bytes ? ` (${fileSize(p.size_bytes)})` : ''}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
