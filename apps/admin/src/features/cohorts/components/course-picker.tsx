import { PAGE_SIZES } from '@school/contracts';
import { Button, ListToolbar, Pagination } from '@school/ui';
import { useState, type ReactNode } from 'react';
import { useCourses } from '../../courses/api/list-courses';

export interface PickedCourse {
  id_slug: string;
  title: string;
}

/** A course search (20 a page) whose rows carry an Add button; what "Add" does is up to the caller. */
export function CoursePicker({ onPick, picked, heading }: { onPick: (course: PickedCourse) => void; picked: Set<string>; heading: ReactNode }) {
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('title');
  const [page, setPage] = useState(1);
  const courses = useCourses({ page, page_size: PAGE_SIZES.cohortCourseSearch, search_query: search || undefined, order_by: sort });
  return (
    <section className="admin-card admin-stack" aria-label="Course search">
      {heading}
      <ListToolbar
        onSearch={(q) => {
          setSearch(q);
          setPage(1);
        }}
        sort={sort}
        onSortChange={(s) => {
          setSort(s);
          setPage(1);
        }}
        searchPlaceholder="Search courses..."
      />
      {courses.data && courses.data.data.length === 0 && <p className="admin-empty">No course matches your search.</p>}
      <ul className="admin-pick-list" aria-label="Courses">
        {courses.data?.data.map((c) => (
          <li key={c.id_slug} className="admin-pick-list__item">
            <span>
              <span className="admin-table__title">{c.title}</span>
              <span className="admin-table__sub">
                {c.modules_count} modules · {c.lessons_count} lessons
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
      <Pagination page={page} numPages={courses.data?.num_pages ?? 0} onChange={setPage} label="Course search pages" />
    </section>
  );
}
