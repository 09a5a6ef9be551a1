import { ADMIN_MESSAGES, isApiError, PAGE_SIZES, type AdminCourse } from '@school/contracts';
import { AppLink, Button, useRouteMutation, useRouteQuery } from '@school/ui';
import { CohortDates, CohortStatus } from '../../../components/cohort-status';
import { ListTable, type Column } from '../../../components/list-table';
import { SearchPickList } from '../../../components/pick-list';
import { invalidations } from '../../../lib/invalidations';
import { listQuery, useLocalListState } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';

const LINKED_COLUMNS: Column<AdminCourse['cohorts'][number]>[] = [
  {
    label: 'Cohort',
    render: (c) => (
      <AppLink to={paths.cohort(c.id_slug)} className="admin-table__title">
        {c.title}
      </AppLink>
    ),
  },
  { label: 'Dates', render: (c) => <CohortDates cohort={c} /> },
  { label: 'Students', render: (c) => c.total_students },
  { label: 'Status', render: (c) => <CohortStatus status={c.status} /> },
];

/** The cohorts teaching this course, and a search to link it to another cohort (20 a page). */
export function CourseCohortsTab({ course }: { course: AdminCourse }) {
  const list = useLocalListState('-created_date');
  const cohorts = useRouteQuery('adminCohortList', {
    query: listQuery(list, PAGE_SIZES.cohortCourseSearch),
  });
  const link = useRouteMutation('adminCohortAddCourse', { invalidates: invalidations.adminCohortAddCourse });
  const notify = useNotify();
  const linked = new Set(course.cohorts.map((c) => c.id_slug));

  const onLink = ({ id_slug: cohortId, title }: { id_slug: string; title: string }) => {
    if (linked.has(cohortId)) return notify.error(ADMIN_MESSAGES.cohortAlreadyLinked);
    link.mutate(
      { params: { cohortId }, body: { course_id_slug: course.id_slug } },
      {
        onSuccess: () => notify.success(`Course linked to the cohort: ${title}.`),
        onError: (e) =>
          notify.error(isApiError(e) && e.status === 409 ? ADMIN_MESSAGES.cohortAlreadyLinked : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="ui-stack">
      <section aria-labelledby="linked-cohorts">
        <h2 id="linked-cohorts" className="admin-section-title">
          Cohorts teaching this course
        </h2>
        {course.cohorts.length === 0 ? (
          <p className="ui-empty ui-empty--quiet">No cohort teaches this course yet.</p>
        ) : (
          <ListTable columns={LINKED_COLUMNS} rows={course.cohorts} rowKey={(c) => c.id_slug} />
        )}
      </section>

      <section aria-labelledby="link-cohort" className="admin-card">
        <h2 id="link-cohort" className="admin-section-title">
          Link to a cohort
        </h2>
        <SearchPickList
          list={list}
          query={cohorts}
          searchPlaceholder="Search cohorts..."
          empty="No cohort matches your search."
          label="Cohorts to link"
          rowKey={(c) => c.id_slug}
          renderTitle={(c) => c.title}
          renderSub={(c) => <CohortDates cohort={c} />}
          renderAction={(c) =>
            linked.has(c.id_slug) ? (
              <Button size="sm" variant="ghost" onClick={() => onLink(c)} aria-label={`Linked ${c.title}`}>
                Linked
              </Button>
            ) : (
              <Button
                size="sm"
                variant="secondary"
                loading={link.isPending && link.variables?.params.cohortId === c.id_slug}
                onClick={() => onLink(c)}
                aria-label={`Link ${c.title}`}
              >
                Link
              </Button>
            )
          }
          pagesLabel="Cohort search pages"
        />
      </section>
    </div>
  );
}
