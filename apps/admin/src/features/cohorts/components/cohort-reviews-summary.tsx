import { OJT_REVIEW_WEEKS } from '@school/contracts';
import { Button, formatDate, useRouteQuery } from '@school/ui';
import { OjtReviewStateChip } from '@school/ui/ojt-review';
import { useReviewPdf } from '../../../lib/review-pdf';

/** One review's cell: its state, who has signed, the PDF once all three have. */
function ReviewCell({
  cohortId,
  userIdSlug,
  name,
  review: r,
}: {
  cohortId: string;
  userIdSlug: string;
  name: string;
  review: { week: number; due_on: string; state: 'NOT_OPEN' | 'OPEN' | 'OVERDUE' | 'COMPLETE'; signed: string[] };
}) {
  const pdf = useReviewPdf(cohortId, userIdSlug);
  return (
    <div className="admin-placements__review">
      <OjtReviewStateChip state={r.state} />
      <span className="admin-placements__sub">
        Due {formatDate(`${r.due_on}T00:00:00`)}
        {r.state === 'COMPLETE' ? '' : ` · ${r.signed.length} of 3 signed`}
      </span>
      {r.state === 'COMPLETE' && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Download the week ${r.week} review of ${name}`}
          onClick={() => pdf.download(r.week)}
        >
          PDF
        </Button>
      )}
      {pdf.failed && <span role="alert">The PDF could not be downloaded.</span>}
    </div>
  );
}

/** The cohort's OJT reviews at weeks 4, 8 and 16 per placed trainee: due, overdue or complete, and who has signed. */
export function CohortReviewsSummary({ cohortId }: { cohortId: string }) {
  const query = useRouteQuery('adminCohortOjtReviews', { params: { cohortId } }, { select: (r) => r.data });
  if (query.isPending || (query.isSuccess && query.data.length === 0)) return null;
  if (query.isError) return <p role="alert">The reviews could not be loaded. Please reload the page.</p>;
  const all = query.data.flatMap((p) => p.reviews);
  const count = (s: string) => all.filter((r) => r.state === s).length;
  return (
    <section aria-labelledby="cohort-reviews" className="ui-stack">
      <h2 id="cohort-reviews" className="admin-section-title">
        OJT reviews
      </h2>
      <p>
        {count('COMPLETE')} signed by all, {count('OVERDUE')} overdue, {count('OPEN')} open, {count('NOT_OPEN')} not open yet.
      </p>
      {/* On a narrow screen the table scrolls: keyboard users reach the scroll by focusing it (WCAG 2.1.1). */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <section className="admin-placements__table" tabIndex={0} aria-label="Reviews by trainee">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Trainee</th>
              {OJT_REVIEW_WEEKS.map((w) => (
                <th key={w} scope="col">
                  Week {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.map((p) => {
              const name = `${p.trainee.first_name} ${p.trainee.last_name}`;
              return (
                <tr key={p.trainee.id_slug}>
                  <th scope="row" data-label="Trainee">
                    {name}
                  </th>
                  {p.reviews.map((r) => (
                    <td key={r.week} data-label={`Week ${r.week}`}>
                      <ReviewCell cohortId={cohortId} userIdSlug={p.trainee.id_slug} name={name} review={r} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </section>
  );
}
