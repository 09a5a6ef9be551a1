import { PAGE_SIZES } from '@school/contracts';
import { Button, formatCount, ListToolbar, Pagination } from '@school/ui';
import type { ReactNode } from 'react';
import { useLocalListState } from '../../../lib/list-params';
import { useRouteQuery } from '../../../lib/route-query';

export interface PickedCourse {
  id_slug: string;
  title: string;
}

/** A course search (20 a page) whose rows carry an Add button; what "Add" does is up to the caller. */
export function CoursePicker({
  onPick,
  picked,
  heading,
}: {
  onPick: (course: PickedCourse) => void;
  picked: Set<string>;
  heading: ReactNode;
}) {
  const list = useLocalListState('title');
  const courses = useRouteQuery('adminCourseList', {
    query: { page: list.page, page_size: PAGE_SIZES.cohortCourseSearch, search_query: list.search || undefined, order_by: list.sort },
  });
  return (
    <section className="admin-card admin-stack" aria-label="Course search">
      {heading}
      <ListToolbar onSearch={list.setSearch} sort={list.sort} onSortChange={list.setSort} searchPlaceholder="Search courses..." />
      {courses.data && courses.data.data.length === 0 && <p className="admin-empty">No course matches your search.</p>}
      <ul className="admin-pick-list" aria-label="Courses">
        {courses.data?.data.map((c) => (
          <li key={c.id_slug} className="admin-pick-list__item">
            <span>
              <span className="admin-table__title">{c.title}</span>
              <span className="admin-table__sub">
                {formatCount(c.modules_count, 'module')} · {formatCount(c.lessons_count, 'lesson')}
              </span>
            </span>
            <Button
              size="sm"
              variant={picked.has(c.id_slug) ? 'ghost' : 'secondary'}
              onClick={() => onPick(c)}
              aria-label={`${picked.has(c.id_slug) ? 'Added' : 'Add'} ${c.title}`}
            >
              {picked.has(c.id_slug) ? 'Added' : 'Add'}
            </Button>
          </li>
        ))}
      </ul>
      <Pagination page={list.page} numPages={courses.data?.num_pages ?? 0} onChange={list.setPage} label="Course search pages" />
    </section>
  );
}
