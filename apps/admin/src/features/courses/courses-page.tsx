import { DEFAULT_SORTS, PAGE_SIZES, type AdminCourseListItem } from '@school/contracts';
import { AppLink, ButtonLink, formatDate, useRouteQuery } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

const COLUMNS: Column<AdminCourseListItem>[] = [
  {
    label: 'Title',
    render: (c) => (
      <>
        <AppLink to={paths.course(c.id_slug)} className="admin-table__title">
          {c.title}
        </AppLink>
        {c.description && <span className="admin-table__sub">{c.description}</span>}
      </>
    ),
  },
  { label: 'Modules', render: (c) => c.modules_count },
  { label: 'Lessons', render: (c) => c.lessons_count },
  { label: 'Cohorts', render: (c) => c.cohorts_count },
  { label: 'Created', render: (c) => formatDate(c.created_date) },
];

/** /admin/courses: every course, 7 a page, A-Z by default. */
export function CoursesPage() {
  usePageTitle('Courses');
  const list = useListParams(DEFAULT_SORTS.courses);
  const query = useRouteQuery('adminCourseList', { query: listQuery(list, PAGE_SIZES.courses) });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Courses" actions={<ButtonLink to={paths.createCourse}>Create course</ButtonLink>} />
      <ListFrame
        label="Courses"
        query={query}
        pageSize={PAGE_SIZES.courses}
        list={list}
        sortField="title"
        searchPlaceholder="Search courses..."
        empty={list.search ? 'No course matches your search.' : 'There are no courses yet.'}
      >
        {(courses) => <ListTable columns={COLUMNS} rows={courses} rowKey={(c) => c.id_slug} />}
      </ListFrame>
    </div>
  );
}
