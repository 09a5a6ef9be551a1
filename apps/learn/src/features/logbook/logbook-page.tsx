import { LOGBOOK_STATUS_LABELS } from '@school/contracts';
import { AppLink, ErrorView, LoadingIndicator, useRouteQuery } from '@school/ui';
import { OjtReviewStateChip } from '@school/ui/ojt-review';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { breakText } from '../../lib/placement-breaks';
import { formatSchoolDate, malaysiaDate } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import { EvidencePackDownload } from './evidence-pack-download';
import './logbook.css';

/** /student/placements/{id}/logbook: the placement's OJT weeks with their state and hours, and the hours logged against the target. */
export function LogbookPage() {
  const { placementId = '' } = useParams();
  const query = useRouteQuery('myLogbook', { params: { placementId } }, { select: (r) => r.data });
  usePageTitle('Logbook');
  // Weeks starting after today cannot be written yet (Malaysian date, read once per visit).
  const [today] = useState(() => malaysiaDate(new Date()));
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) return <ErrorView homePath={paths.dashboard} />;
  const lb = query.data;
  return (
    <div className="ui-page ui-page--padded learn-logbook">
      <AppLink to={paths.dashboard}>← My classes</AppLink>
      <h1>Logbook · {lb.host_name}</h1>
      <p className="learn-logbook__target">
        <strong>{lb.hours_logged} hours</strong> submitted of the {lb.hours_due} hours due so far ({lb.weekly_hours_target} hours a week
        {lb.breaks.length > 0 && ', less the days of your breaks'}).
      </p>
      {lb.weeks.length > 0 && (
        <p className="learn-logbook__target">
          Your on-the-job training runs to <strong>{formatSchoolDate(lb.weeks[lb.weeks.length - 1].ends_on)}</strong>.
        </p>
      )}
      {lb.breaks.length > 0 && (
        <section aria-labelledby="logbook-breaks">
          <h2 id="logbook-breaks" className="learn-logbook__heading">
            Breaks
          </h2>
          <ul className="learn-logbook__breaks">
            {lb.breaks.map((b) => (
              <li key={b.id_slug}>{breakText(b)}</li>
            ))}
          </ul>
          <p className="learn-logbook__sub">Each break makes your training longer by its days; your later dates have moved.</p>
        </section>
      )}
      <Reviews placementId={lb.placement_id_slug} />
      <h2>Weeks</h2>
      <ol className="learn-logbook__weeks" aria-label="Weeks">
        {lb.weeks.map((w) => (
          <li key={w.week} className="learn-logbook__week">
            {w.starts_on <= today ? (
              <AppLink to={paths.logbookWeek(lb.placement_id_slug, w.week)}>Week {w.week}</AppLink>
            ) : (
              <span>Week {w.week}</span>
            )}
            <span className="learn-logbook__sub">
              {formatSchoolDate(w.starts_on)} – {formatSchoolDate(w.ends_on)}
            </span>
            <span className="learn-logbook__sub">
              {w.starts_on <= today ? `${LOGBOOK_STATUS_LABELS[w.status]} · ${w.hours} h` : 'Not started'}
            </span>
            {w.decision && (
              <span className="learn-logbook__sub learn-logbook__decision">
                {w.decision.kind === 'APPROVED' ? 'Signed' : 'Returned'} by {w.decision.by},{' '}
                {new Date(w.decision.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                {w.decision.comment && `: “${w.decision.comment}”`}
              </span>
            )}
            {w.break_days > 0 && (
              <span className="learn-logbook__sub">
                Break {w.break_days} {w.break_days === 1 ? 'day' : 'days'} · target {w.target} h
              </span>
            )}
          </li>
        ))}
      </ol>
      <EvidencePackDownload placementId={lb.placement_id_slug} />
    </div>
  );
}

/** The placement's reviews at weeks 4, 8 and 16: due date and state, each opening its page. */
function Reviews({ placementId }: { placementId: string }) {
  const query = useRouteQuery('myOjtReviews', { params: { placementId } }, { select: (r) => r.data });
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) return <p role="alert">The reviews could not be loaded. Please reload the page.</p>;
  return (
    <section className="learn-logbook__reviews" aria-labelledby="logbook-reviews">
      <h2 id="logbook-reviews">Reviews</h2>
      <ul className="learn-logbook__weeks" aria-label="Reviews">
        {query.data.map((r) => {
          const mine = r.signatures.some((s) => s.party === 'TRAINEE');
          return (
            <li key={r.week} className="learn-logbook__week">
              <AppLink to={paths.review(placementId, r.week)}>{r.week}-week review</AppLink>
              <span className="learn-logbook__sub">Due {formatSchoolDate(r.due_on)}</span>
              <span className="learn-logbook__sub">
                <OjtReviewStateChip state={r.state} /> {r.state === 'COMPLETE' ? '' : mine ? 'You have signed' : 'Your section is to sign'}
                {r.state === 'COMPLETE' ? '' : ` · ${r.signatures.length} of 3 signatures`}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
