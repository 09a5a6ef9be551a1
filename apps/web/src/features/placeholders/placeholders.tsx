import { getInitiative } from '@school/catalogue';
import { Navigate, useParams } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';
import './placeholders.css';

/** /enterprise: a placeholder showing only ENTERPRISE PAGE. */
export function EnterprisePage() {
  usePageTitle('Enterprise');
  return (
    <section className="site-placeholder">
      <h1>ENTERPRISE PAGE</h1>
    </section>
  );
}

/** /applications/: placeholder for the list of applications. */
export function ApplicationsPlaceholder() {
  usePageTitle('Applications');
  return (
    <section className="site-placeholder">
      <h1>Applications</h1>
    </section>
  );
}

/**
 * /applications/{id}: placeholder for one application. An initiative's frontend_slug (the
 * spec's card link) goes to the programme's page under /apply instead.
 */
export function ApplicationPlaceholder() {
  const { id = '' } = useParams();
  const initiative = getInitiative(id);
  if (initiative) return <Navigate to={`/apply/${initiative.frontend_slug}`} replace />;
  return <ApplicationItem id={id} />;
}

function ApplicationItem({ id }: { id: string }) {
  usePageTitle('Application');
  return (
    <section className="site-placeholder">
      <h1>Application</h1>
      <p className="site-placeholder__id">{id}</p>
    </section>
  );
}
