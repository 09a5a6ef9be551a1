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
