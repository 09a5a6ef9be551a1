import { ADMIN_MESSAGES, isApiError, PAGE_SIZES, type AdminCourse } from '@school/contracts';
import { AppLink, Button, formatDate, ListToolbar, Pagination } from '@school/ui';
import { CohortStatus } from '../../../components/cohort-status';
import { invalidations } from '../../../lib/invalidations';
import { useLocalListState } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { useRouteMutation, useRouteQuery } from '../../../lib/route-query';

/** The cohorts teaching this course, and a search to link it to another cohort (20 a page). */
export function CourseCohortsTab({ course }: { course: AdminCourse }) {
  const list = useLocalListState('-created_date');
  const cohorts = useRouteQuery('adminCohortList', {
    query: { page: list.page, page_size: PAGE_SIZES.cohortCourseSearch, search_query: list.search || undefined, order_by: list.sort },
  });
  const link = useRouteMutation('adminCohortAddCourse', { invalidates: invalidations.adminCohortAddCourse });
  const notify = useNotify();
  const linked = new Set(course.cohorts.map((c) => c.id_slug));

  const onLink = (cohortId: string) => {
    if (linked.has(cohortId)) return notify.error(ADMIN_MESSAGES.cohortAlreadyLinked);
    link.mutate(
      { params: { cohortId }, body: { course_id_slug: course.id_slug } },
      {
        onSuccess: () => notify.success(ADMIN_MESSAGES.success),
        onError: (e) =>
          notify.error(isApiError(e) && e.status === 409 ? ADMIN_MESSAGES.cohortAlreadyLinked : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="admin-stack">
      <section aria-labelledby="linked-cohorts">
        <h2 id="linked-cohorts" className="admin-section-title">
          Cohorts teaching this course
        </h2>
        {course.cohorts.length === 0 ? (
          <p className="admin-empty">No cohort teaches this course yet.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Cohort</th>
                <th scope="col">Dates</th>
                <th scope="col">Students</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {course.cohorts.map((c) => (
                <tr key={c.id_slug}>
                  <td data-label="Cohort">
                    <AppLink to={paths.cohort(c.id_slug)} className="admin-table__title">
                      {c.title}
                    </AppLink>
                  </td>
                  <td data-label="Dates">
                    {formatDate(c.start_date)} – {formatDate(c.end_date)}
                  </td>
                  <td data-label="Students">{c.total_students}</td>
                  <td data-label="Status">
                    <CohortStatus status={c.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="link-cohort" className="admin-card">
        <h2 id="link-cohort" className="admin-section-title">
          Link to a cohort
        </h2>
        <ListToolbar onSearch={list.setSearch} sort={list.sort} onSortChange={list.setSort} searchPlaceholder="Search cohorts..." />
        {cohorts.data && cohorts.data.data.length === 0 && <p className="admin-empty">No cohort matches your search.</p>}
        <ul className="admin-pick-list" aria-label="Cohorts to link">
          {cohorts.data?.data.map((c) => (
            <li key={c.id_slug} className="admin-pick-list__item">
              <span>
                <span className="admin-table__title">{c.title}</span>
                <span className="admin-table__sub">
                  {formatDate(c.start_date)} – {formatDate(c.end_date)}
                </span>
              </span>
              {linked.has(c.id_slug) ? (
                <Button size="sm" variant="ghost" onClick={() => onLink(c.id_slug)} aria-label={`Linked ${c.title}`}>
                  Linked
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={link.isPending && link.variables?.params.cohortId === c.id_slug}
                  onClick={() => onLink(c.id_slug)}
                  aria-label={`Link ${c.title}`}
                >
                  Link
                </Button>
              )}
            </li>
          ))}
        </ul>
        <Pagination page={list.page} numPages={cohorts.data?.num_pages ?? 0} onChange={list.setPage} label="Cohort search pages" />
      </section>
    </div>
  );
}
