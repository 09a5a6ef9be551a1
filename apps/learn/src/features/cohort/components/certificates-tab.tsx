import { imageFor } from '@school/catalogue';
import type { Certificate } from '@school/contracts';
import { buttonClass, formatDate, useRouteQuery, useSession } from '@school/ui';
import { retryServerErrors } from '../../../lib/retry';
import { SIGNED_URL_FRESH_MS } from '../../../lib/signed-urls';
import { missingRequirements } from './certificate-requirements';
import '../cohort.css';

function CertificateRow({ cohortId, certificate }: { cohortId: string; certificate: Certificate }) {
  const completed = certificate.user_certificate?.progress === 'COMPLETED';
  const { user } = useSession();
  // View and download URLs of the completed certificate's PDF.
  const doc = useRouteQuery(
    'certificateDocument',
    { params: { cohortId, certificateId: certificate.id_slug, userIdSlug: user?.id_slug ?? '' } },
    { enabled: completed && !!user, retry: retryServerErrors, staleTime: SIGNED_URL_FRESH_MS, refetchInterval: SIGNED_URL_FRESH_MS },
  );
  const revoked = certificate.user_certificate?.progress === 'REVOKED';
  const missing = certificate.requirements ? missingRequirements(certificate.requirements) : [];
  return (
    <li className="learn-certificate">
      <img className="learn-certificate__image" src={imageFor(certificate.title, 'certificate')} alt="" width={88} height={66} />
      <div className="learn-certificate__main">
        <h3 className="learn-certificate__title">{certificate.title}</h3>
        {completed ? (
          <p className="ui-muted">Issued on {formatDate(certificate.user_certificate?.completion_date)}</p>
        ) : revoked ? (
          <p className="ui-muted">Revoked</p>
        ) : (
          <>
            <p className="ui-muted">In progress</p>
            {missing.length > 0 && (
              <ul className="learn-certificate__missing" aria-label={`Still needed for ${certificate.title}`}>
                {missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {completed && (
        <div className="learn-certificate__actions">
          {doc.data ? (
            <>
              <a
                className={buttonClass('secondary', 'sm')}
                href={doc.data.url}
                target="_blank"
                rel="noopener"
                aria-label={`View ${certificate.title}`}
              >
                View
              </a>
              <a
                className={buttonClass('primary', 'sm')}
                href={doc.data.download_url}
                download
                aria-label={`Download ${certificate.title}`}
              >
                Download
              </a>
              <a
                className={buttonClass('secondary', 'sm')}
                href={doc.data.badge_url}
                download
                aria-label={`Download the Open Badge of ${certificate.title} (JSON)`}
              >
                Open Badge
              </a>
            </>
          ) : doc.isError ? (
            <p className="ui-muted">The certificate file is not available right now.</p>
          ) : (
            <>
              <span className={buttonClass('secondary', 'sm')} aria-disabled="true">
                View
              </span>
              <span className={buttonClass('primary', 'sm')} aria-disabled="true">
                Download
              </span>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** Certificates of the class: View, Download and the issue date once completed, else 'In progress' and what is still missing. */
export function CertificatesTab({ cohortId, certificates }: { cohortId: string; certificates: Certificate[] }) {
  return (
    <ul className="learn-certificates" aria-label="Certificates">
      {certificates.map((c) => (
        <CertificateRow key={c.id_slug} cohortId={cohortId} certificate={c} />
      ))}
    </ul>
  );
}
