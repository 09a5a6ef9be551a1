import { ApiError, OJT_RATING_LABELS, OJT_RATINGS, type OjtReview, type SupervisorSection } from '@school/contracts';
import { Button, LoadingIndicator, TextAreaField, useSession } from '@school/ui';
import { OjtReviewDates, OjtReviewSections } from '@school/ui/ojt-review';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import './ojt-reviews.css';

/** What a refused link means, in the supervisor's words. */
function linkProblem(e: unknown): string | null {
  if (!(e instanceof ApiError)) return null;
  if (e.status === 404 || e.status === 400) return 'This link is not valid. Check that you opened the whole link from the email.';
  if (e.status === 410) return e.message;
  if (e.status === 429) return e.message;
  return null;
}

/**
 * /supervisor/reviews/{token}: the host supervisor's section of a trainee's OJT review, through the
 * signed link mailed when the trainee signed theirs (no account): the trainee's self-assessment to
 * read, then comments and an overall rating, and one button that signs. The link works for this
 * review only, and is spent by the signature.
 */
export function SupervisorReviewPage() {
  usePageTitle('OJT review');
  const hydrated = useHydrated();
  const { token: raw = '' } = useParams();
  const token = hydrated ? raw : null;
  const { client } = useSession();
  const queryClient = useQueryClient();
  const key = ['supervisor-review', token];
  const q = useQuery({
    queryKey: key,
    enabled: !!token,
    retry: (count, e) => !(e instanceof ApiError && e.status > 0 && e.status < 500) && count < 2,
    queryFn: async () => (await client.call('supervisorOjtReview', { body: { token: token! } })).data,
  });
  const [signedNow, setSignedNow] = useState(false);

  let body: React.ReactNode;
  if (!hydrated || q.isPending) body = <LoadingIndicator />;
  else if (q.isError)
    body = (
      <p role="alert" className="site-ojt-review__alert">
        {linkProblem(q.error) ?? 'The review could not be opened right now. Please try again.'}
      </p>
    );
  else {
    const r = q.data;
    const mine = r.signatures.find((s) => s.party === 'SUPERVISOR');
    body = (
      <>
        <p className="site-ojt-review__lead">
          {r.trainee_name} · {r.host_name}
        </p>
        <OjtReviewDates review={r} />
        {signedNow && <output className="site-ojt-review__done">Thank you: your section is signed. The school has been told.</output>}
        {!mine && (
          <SupervisorForm
            review={r}
            onSigned={(next) => {
              queryClient.setQueryData(key, next);
              setSignedNow(true);
            }}
            token={token!}
          />
        )}
        <OjtReviewSections review={r} omit={mine ? undefined : 'SUPERVISOR'} />
      </>
    );
  }
  return (
    <section className="site-ojt-review" aria-labelledby="supervisor-review-title">
      <h1 id="supervisor-review-title">{q.data ? `Week ${q.data.week} review` : 'OJT review'}</h1>
      {body}
    </section>
  );
}

function SupervisorForm({ review: r, token, onSigned }: { review: OjtReview; token: string; onSigned: (r: OjtReview) => void }) {
  const { client } = useSession();
  const [draft, setDraft] = useState<SupervisorSection>(r.supervisor);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const sign = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await client.call('saveSupervisorOjtReview', { body: { token, section: draft } });
      onSigned((await client.call('signSupervisorOjtReview', { body: { token } })).data);
    } catch (e) {
      setFailure(
        e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'It could not be signed right now. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="site-ojt-review__form"
      aria-label="Your assessment"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void sign();
      }}
    >
      <h2>Your assessment</h2>
      <fieldset className="site-ojt-review__ratings">
        <legend>Overall rating</legend>
        {OJT_RATINGS.map((rating) => (
          <label key={rating}>
            <input
              type="radio"
              name="rating"
              value={rating}
              checked={draft.rating === rating}
              onChange={() => setDraft({ ...draft, rating })}
            />{' '}
            {OJT_RATING_LABELS[rating]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        label="Your comments"
        hint="How the trainee is doing: strengths, what to work on"
        rows={4}
        value={draft.comments}
        onChange={(e) => setDraft({ ...draft, comments: e.target.value })}
      />
      {failure && <p role="alert">{failure}</p>}
      <p className="site-ojt-review__note">Signing records your name and the time; your section cannot change after.</p>
      <Button type="submit" loading={busy}>
        Sign the review
      </Button>
    </form>
  );
}
