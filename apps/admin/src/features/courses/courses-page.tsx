import { DEFAULT_SORTS, PAGE_SIZES } from '@school/contracts';
import { AppLink, ButtonLink, formatDate } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { useRouteQuery } from '../../lib/route-query';
import { usePageTitle } from '../../lib/use-page-title';

/** /admin/courses: every course, 7 a page, A-Z by default. */
export function CoursesPage() {
  usePageTitle('Courses');
  const list = useListParams(DEFAULT_SORTS.courses);
  const query = useRouteQuery('adminCourseList', {
    query: { page: list.page, page_size: PAGE_SIZES.courses, search_query: list.search || undefined, order_by: list.sort },
  });
  return (
    <div className="admin-page">
      <PageHeader title="Courses" actions={<ButtonLink to={paths.createCourse}>Create course</ButtonLink>} />
      <ListFrame
        label="Courses"
        query={query}
        pageSize={PAGE_SIZES.courses}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        sort={{ value: list.sort, field: 'title', onChange: list.setSort }}
        searchPlaceholder="Search courses..."
        empty={list.search ? 'No course matches your search.' : 'There are no courses yet.'}
      >
        {(courses) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Modules</th>
                <th scope="col">Lessons</th>
                <th scope="col">Cohorts</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {courses.map((c) => (
                <tr key={c.id_slug}>
                  <td data-label="Title">
                    <AppLink to={paths.course(c.id_slug)} className="admin-table__title">
                      {c.title}
                    </AppLink>
                    {c.description && <span className="admin-table__sub">{c.description}</span>}
                  </td>
                  <td data-label="Modules">{c.modules_count}</td>
                  <td data-label="Lessons">{c.lessons_count}</td>
                  <td data-label="Cohorts">{c.cohorts_count}</td>
                  <td data-label="Created">{formatDate(c.created_date)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
    </div>
  );
}
