import { ApiError, type CoachSection, isApiError, type OjtReview } from '@school/contracts';
import { AppLink, Button, routeKey, TextAreaField, useRouteMutation, useRouteQuery } from '@school/ui';
import { OjtReviewDates, OjtReviewSections } from '@school/ui/ojt-review';
import { type FormEvent, useState } from 'react';
import { useReviewPdf } from '../../lib/review-pdf';

/**
 * The trainee's OJT reviews on the coach's trainee page: each with its due date, state and the
 * three sections; the coach completes and signs theirs here. No placement: nothing to show.
 */
export function TraineeReviews({ cohortId, userIdSlug }: { cohortId: string; userIdSlug: string }) {
  const query = useRouteQuery(
    'coachOjtReviews',
    { params: { cohortId, userIdSlug } },
    { select: (r) => r.data, retry: (n, e) => !(e instanceof ApiError && e.status === 404) && n < 2 },
  );
  const pdf = useReviewPdf(cohortId, userIdSlug);
  if (query.isPending || (query.isError && query.error instanceof ApiError && query.error.status === 404)) return null;
  return (
    <section className="admin-card ui-stack" aria-labelledby="trainee-reviews">
      <h2 id="trainee-reviews" className="admin-section-title">
        OJT reviews
      </h2>
      {query.isError ? (
        <p role="alert">The reviews could not be loaded. Please reload the page.</p>
      ) : (
        query.data.map((r) => (
          <article key={r.week} className="ui-stack admin-coaching__review" aria-labelledby={`review-${r.week}`}>
            <h3 id={`review-${r.week}`}>Week {r.week} review</h3>
            <OjtReviewDates review={r} />
            {r.state === 'COMPLETE' && (
              <div className="admin-coaching__review-actions">
                <Button type="button" variant="secondary" onClick={() => pdf.download(r.week)}>
                  Download the week {r.week} PDF
                </Button>
                <AppLink to={`/verify/reviews/${r.id_slug}/${r.sha256}`}>Verify the PDF</AppLink>
              </div>
            )}
            {pdf.failed && <p role="alert">The PDF could not be downloaded. Please try again.</p>}
            {r.state !== 'NOT_OPEN' && !r.signatures.some((s) => s.party === 'COACH') && (
              <CoachForm key={JSON.stringify(r.coach)} review={r} cohortId={cohortId} userIdSlug={userIdSlug} />
            )}
            <OjtReviewSections review={r} />
          </article>
        ))
      )}
    </section>
  );
}

function CoachForm({ review: r, cohortId, userIdSlug }: { review: OjtReview; cohortId: string; userIdSlug: string }) {
  const params = { cohortId, userIdSlug, week: r.week };
  const [draft, setDraft] = useState<CoachSection>(r.coach);
  const [done, setDone] = useState<string | null>(null);
  const save = useRouteMutation('coachSaveOjtReview', { invalidates: () => [routeKey('coachOjtReviews')] });
  const sign = useRouteMutation('coachSignOjtReview', { invalidates: () => [routeKey('coachOjtReviews')] });
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    save.mutate({ params, body: draft }, { onSuccess: () => setDone('Saved. Sign your section when it is complete.') });
  };
  const onSign = () => {
    setDone(null);
    save.mutate({ params, body: draft }, { onSuccess: () => sign.mutate({ params }) });
  };
  const err = save.error ?? sign.error;
  return (
    <form className="ui-stack" onSubmit={onSave} noValidate aria-label={`Coach’s section, week ${r.week}`}>
      {done && <output>{done}</output>}
      {err && isApiError(err) && <p role="alert">{err.message}</p>}
      <TextAreaField
        label="Coach’s comments"
        rows={3}
        value={draft.comments}
        onChange={(e) => setDraft({ ...draft, comments: e.target.value })}
      />
      <TextAreaField
        label="Actions"
        hint="What the trainee, the host or the school will do before the next review"
        rows={3}
        value={draft.actions}
        onChange={(e) => setDraft({ ...draft, actions: e.target.value })}
      />
      <div className="admin-coaching__review-actions">
        <Button type="submit" variant="secondary" loading={save.isPending && !sign.isPending}>
          Save
        </Button>
        <Button type="button" onClick={onSign} loading={sign.isPending}>
          Sign the coach’s section
        </Button>
      </div>
    </form>
  );
}
