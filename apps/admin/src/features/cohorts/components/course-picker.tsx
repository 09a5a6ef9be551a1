import { PAGE_SIZES } from '@school/contracts';
import { Button, formatCount, useRouteQuery } from '@school/ui';
import type { ReactNode } from 'react';
import { SearchPickList } from '../../../components/pick-list';
import { listQuery, useLocalListState } from '../../../lib/list-params';

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
  const courses = useRouteQuery('adminCourseList', { query: listQuery(list, PAGE_SIZES.cohortCourseSearch) });
  return (
    <section className="admin-card ui-stack" aria-label="Course search">
      {heading}
      <SearchPickList
        list={list}
        query={courses}
        searchPlaceholder="Search courses..."
        empty="No course matches your search."
        label="Courses"
        rowKey={(c) => c.id_slug}
        renderTitle={(c) => c.title}
        renderSub={(c) => (
          <>
            {formatCount(c.modules_count, 'module')} · {formatCount(c.lessons_count, 'lesson')}
          </>
        )}
        renderAction={(c) => (
          <Button
            size="sm"
            variant={picked.has(c.id_slug) ? 'ghost' : 'secondary'}
            onClick={() => onPick(c)}
            aria-label={`${picked.has(c.id_slug) ? 'Added' : 'Add'} ${c.title}`}
          >
            {picked.has(c.id_slug) ? 'Added' : 'Add'}
          </Button>
        )}
        pagesLabel="Course search pages"
      />
    </section>
  );
}
