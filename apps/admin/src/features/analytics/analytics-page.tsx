import { COHORT_STATUS_LABELS, DEFAULT_SORTS, PAGE_SIZES } from '@school/contracts';
import { AppLink, Button, formatDate, useRouteQuery } from '@school/ui';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { SearchPickList } from '../../components/pick-list';
import { QueryView } from '../../components/query-view';
import { listQuery, useLocalListState } from '../../lib/list-params';
import { COURSE_TABS, gradingPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import './analytics.css';

const grading = gradingPaths('/admin');

/** The chosen cohort's views: its gradebook and grading, and the engagement of each of its courses. */
function CohortViews({ cohortId }: { cohortId: string }) {
  const cohort = useRouteQuery('adminCohortDetail', { params: { cohortId } });
  return (
    <QueryView query={cohort} label="the cohort" homePath={paths.analytics}>
      {({ data: c }) => (
        <section className="admin-card ui-stack admin-analytics-views" aria-labelledby="analytics-cohort">
          <h2 id="analytics-cohort" className="admin-section-title">
            {c.title}
          </h2>
          <p className="admin-table__sub">
            {COHORT_STATUS_LABELS[c.status]} · {formatDate(c.start_date)} – {formatDate(c.end_date)} · {c.total_active} active of{' '}
            {c.total_students} students
          </p>
          <ul className="admin-analytics-links">
            <li>
              <AppLink to={grading.gradebook(c.id_slug)}>Gradebook of {c.title}</AppLink>
              <span className="admin-table__sub">Every student's grades and weighted total.</span>
            </li>
            <li>
              <AppLink to={grading.cohort(c.id_slug)}>Grading of {c.title}</AppLink>
              <span className="admin-table__sub">Hand-ins by grade item, graded and waiting.</span>
            </li>
          </ul>
          <h3 className="admin-section-title">Engagement by course</h3>
          {c.courses.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">This cohort has no course yet.</p>
          ) : (
            <ul className="admin-analytics-links">
              {c.courses.map((course) => (
                <li key={course.id_slug}>
                  <AppLink to={paths.course(course.id_slug, COURSE_TABS.engagement)}>Engagement of {course.title}</AppLink>
                  <span className="admin-table__sub">Active students and completion by module and lesson.</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </QueryView>
  );
}

/**
 * /admin/analytics: pick a cohort (searched, newest first) to reach its gradebook, its grading and
 * its courses' engagement. The choice is kept in the address (`?cohort=`), so it can be shared.
 */
export function AnalyticsPage() {
  usePageTitle('Analytics');
  const [params, setParams] = useSearchParams();
  const chosen = params.get('cohort');
  const list = useLocalListState(DEFAULT_SORTS.cohorts);
  const cohorts = useRouteQuery('adminCohortList', { query: listQuery(list, PAGE_SIZES.cohorts) });
  const choose = (id: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('cohort', id);
      return next;
    });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Analytics" subtitle="Choose a cohort to open its gradebook and the engagement of its courses." />
      {chosen && <CohortViews key={chosen} cohortId={chosen} />}
      <section className="admin-card ui-stack" aria-label="Cohort search">
        <h2 className="admin-section-title">Cohorts</h2>
        <SearchPickList
          list={list}
          query={cohorts}
          searchPlaceholder="Search cohorts..."
          empty={list.search ? 'No cohort matches your search.' : 'There are no cohorts yet.'}
          label="Cohorts"
          rowKey={(c) => c.id_slug}
          renderTitle={(c) => c.title}
          renderSub={(c) => (
            <>
              {COHORT_STATUS_LABELS[c.status]} · {formatDate(c.start_date)} – {formatDate(c.end_date)}
            </>
          )}
          renderAction={(c) => (
            <Button
              size="sm"
              variant={c.id_slug === chosen ? 'ghost' : 'secondary'}
              onClick={() => choose(c.id_slug)}
              aria-label={`${c.id_slug === chosen ? 'Chosen' : 'Choose'} ${c.title}`}
              aria-pressed={c.id_slug === chosen}
            >
              {c.id_slug === chosen ? 'Chosen' : 'Choose'}
            </Button>
          )}
          pagesLabel="Cohort search pages"
        />
      </section>
    </div>
  );
}
