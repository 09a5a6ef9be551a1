import { AppLink, Card, cx, useRouteQuery } from '@school/ui';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { DASHBOARD_FIGURES } from './dashboard-figures';
import './dashboard.css';

/** /admin: the school's figures, each card linking to the page where the admin acts on it. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const figures = useRouteQuery('adminDashboard', {});
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Dashboard" subtitle="What is running and what waits for you across the school." />
      <QueryView query={figures} label="the school's figures" homePath={paths.courses}>
        {(data) => (
          <ul className="admin-dashboard-cards" aria-label="The school's figures">
            {DASHBOARD_FIGURES.map((f) => {
              const value = data[f.key];
              return (
                <Card as="li" key={f.key} className={cx('admin-dashboard-card', f.alarm && value > 0 && 'admin-dashboard-card--alarm')}>
                  <p className="admin-dashboard-card__figure">
                    <span className="admin-dashboard-card__value">{value}</span>{' '}
                    <span className="admin-dashboard-card__label">{f.label}</span>
                  </p>
                  <p className="admin-dashboard-card__hint">{f.hint}</p>
                  <AppLink to={f.to} className="admin-dashboard-card__link">
                    {f.action}
                  </AppLink>
                </Card>
              );
            })}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
