import { ApiError, OJT_REVIEW_PARTY_LABELS, type OjtReviewVerification } from '@school/contracts';
import { formatDateTime, LoadingIndicator, useRouteQuery } from '@school/ui';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import './ojt-reviews.css';

const HEX = /^[0-9a-f]{64}$/i;

/** The SHA-256 of a file, in hex, computed in the browser: the file never leaves it. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function Details({ v }: { v: OjtReviewVerification }) {
  return (
    <dl className="site-review-verify__details">
      <dt>Trainee</dt>
      <dd>{v.trainee_name}</dd>
      <dt>Host company</dt>
      <dd>{v.host_name}</dd>
      <dt>Class</dt>
      <dd>{v.cohort_title}</dd>
      <dt>Review</dt>
      <dd>OJT week {v.week}</dd>
      {v.signatures.map((s) => (
        <div key={s.party} className="site-ojt-review__signed">
          <dt>Signed by the {OJT_REVIEW_PARTY_LABELS[s.party].toLowerCase()}</dt>
          <dd>
            {s.by}, {formatDateTime(s.at)}
          </dd>
        </div>
      ))}
      <dt>SHA-256 of the PDF</dt>
      <dd className="site-review-verify__id">{v.sha256}</dd>
    </dl>
  );
}

/**
 * /verify/reviews/{id}/{sha256}: whether a PDF of an OJT review is the one the school froze when
 * the last party signed. The address carries the file's SHA-256; a person holding the file can
 * check it here (hashed in their browser). A wrong hash, or the hash of an altered file, is not
 * genuine. No sign-in.
 */
export function ReviewVerifyPage() {
  usePageTitle('Verify an OJT review');
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { reviewId = '', sha256 = '' } = useParams();
  const hash = hydrated && HEX.test(sha256) ? sha256.toLowerCase() : '';
  const q = useRouteQuery(
    'verifyOjtReview',
    { params: { reviewId, sha256: hash } },
    { enabled: !!hash, retry: (count, e) => !(e instanceof ApiError && e.status < 500 && e.status > 0) && count < 2 },
  );
  const [reading, setReading] = useState(false);
  const check = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      navigate(`/verify/reviews/${encodeURIComponent(reviewId)}/${await sha256Of(file)}`);
    } finally {
      setReading(false);
    }
  };

  let body: React.ReactNode;
  if (!hydrated || (hash && q.isPending) || reading) body = <LoadingIndicator />;
  else if (!hash) body = <p>Choose the review’s PDF to check it against the school’s record.</p>;
  else if (q.isError && !(q.error instanceof ApiError && q.error.status > 0 && q.error.status < 500))
    body = (
      <p role="alert" className="site-review-verify__status site-review-verify__status--unknown">
        The review could not be checked right now. Please try again.
      </p>
    );
  else if (q.isError || !q.data)
    body = (
      <output className="site-review-verify__status site-review-verify__status--revoked">
        <strong>Not genuine.</strong> No review signed at the school has this fingerprint: the file was changed, or it is not the school’s.
      </output>
    );
  else
    body = (
      <>
        <output className="site-review-verify__status site-review-verify__status--valid">
          <strong>Genuine.</strong> This is the review signed by the trainee, the supervisor and the coach, unchanged.
        </output>
        <Details v={q.data} />
      </>
    );

  return (
    <section className="site-review-verify" aria-labelledby="review-verify-title">
      <h1 id="review-verify-title">OJT review verification</h1>
      {body}
      <div className="site-ojt-review__file">
        <label htmlFor="review-file">Check a PDF file</label>
        <input id="review-file" type="file" accept="application/pdf" onChange={(e) => void check(e.target.files?.[0])} />
      </div>
    </section>
  );
}
