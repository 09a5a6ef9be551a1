import { Card } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';
import './dashboard.css';

/** /admin: a placeholder with three empty cards (learning spec, section 2). */
export function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <h1 className="admin-page-header__title">Dashboard</h1>
      <div className="admin-dashboard-cards">
        <Card className="admin-dashboard-card" aria-hidden="true" />
        <Card className="admin-dashboard-card" aria-hidden="true" />
        <Card className="admin-dashboard-card" aria-hidden="true" />
      </div>
    </div>
  );
}
