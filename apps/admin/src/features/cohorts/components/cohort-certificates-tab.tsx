import type { AdminCohort } from '@school/contracts';
import { ButtonLink } from '@school/ui';
import { paths } from '../../../lib/paths';
import { IssuedCertificates } from './cohort-issued-certificates';

/** The certificates the cohort's students can earn, a way to add more, their completion rules and the certificates issued. */
export function CohortCertificatesTab({ cohort }: { cohort: AdminCohort }) {
  return (
    <div className="ui-stack">
      <div className="admin-row">
        <h2 className="admin-section-title">Certificates of this cohort</h2>
        <ButtonLink to={paths.addCertificates(cohort.id_slug)}>Add certificates</ButtonLink>
      </div>
      {cohort.certificates.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No certificates are linked to this cohort yet.</p>
      ) : (
        <ul className="admin-pick-list" aria-label="Certificates">
          {cohort.certificates.map((c) => (
            <li key={c.id_slug} className="admin-pick-list__item">
              <span>
                <span className="admin-table__title">{c.title}</span>
                <span className="admin-table__sub">{c.provider.join(', ')}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {cohort.certificates.length > 0 && <IssuedCertificates cohort={cohort} />}
    </div>
  );
}
