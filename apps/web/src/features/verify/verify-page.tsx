import { ApiError, type CredentialVerification } from '@school/contracts';
import { formatDate, LoadingIndicator, useRouteQuery } from '@school/ui';
import { useParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import './verify.css';

/** The school issued no credential of this id (or the id cannot be one). */
const isUnknown = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/** The verification of one credential; `unknown` when the school issued no such credential. */
function useVerification(credentialId: string | undefined) {
  const q = useRouteQuery(
    'verifyCredential',
    { params: { credentialId: credentialId ?? '' } },
    { enabled: !!credentialId, retry: (count, e) => !(e instanceof ApiError && e.status === 404) && count < 2 },
  );
  return { ...q, unknown: q.isError && isUnknown(q.error) };
}

function Details({ v }: { v: CredentialVerification }) {
  return (
    <dl className="site-verify__details">
      <dt>Awarded to</dt>
      <dd>{v.holder_name}</dd>
      <dt>Certificate</dt>
      <dd>{v.certificate_title}</dd>
      <dt>Class</dt>
      <dd>{v.cohort_title}</dd>
      <dt>Issued on</dt>
      <dd>{formatDate(v.issued_at)}</dd>
      <dt>Issued by</dt>
      <dd>{v.issuer.join(' & ')}</dd>
      <dt>Credential ID</dt>
      <dd className="site-verify__id">{v.credential_id}</dd>
    </dl>
  );
}

/**
 * /verify/{credentialId}: anyone holding a certificate's credential id (printed on it, and in its
 * QR code) sees whether the school issued it and whether it still stands: valid, revoked (with
 * the date) or unknown, with the holder's name, what was achieved, when and by whom. No sign-in.
 */
export function VerifyPage() {
  usePageTitle('Verify a certificate');
  const hydrated = useHydrated();
  const { credentialId } = useParams();
  const id = hydrated ? credentialId : undefined;
  const q = useVerification(id);

  let body: React.ReactNode;
  if (!hydrated || (id && q.isPending)) body = <LoadingIndicator />;
  else if (!id || q.unknown)
    body = (
      <output className="site-verify__status site-verify__status--unknown">
        <strong>Unknown credential.</strong> No certificate with this credential ID was issued by the school.
      </output>
    );
  else if (q.isError || !q.data)
    body = (
      <p role="alert" className="site-verify__status site-verify__status--unknown">
        The certificate could not be checked right now. Please try again.
      </p>
    );
  else if (q.data.status === 'REVOKED')
    body = (
      <>
        <output className="site-verify__status site-verify__status--revoked">
          <strong>Revoked.</strong> This certificate was revoked on {formatDate(q.data.revoked_at)} and is no longer valid.
        </output>
        <Details v={q.data} />
      </>
    );
  else
    body = (
      <>
        <output className="site-verify__status site-verify__status--valid">
          <strong>Valid.</strong> This certificate was issued by the school and is valid.
        </output>
        <Details v={q.data} />
      </>
    );

  return (
    <section className="site-verify" aria-labelledby="verify-title">
      <h1 id="verify-title">Certificate verification</h1>
      {body}
    </section>
  );
}
