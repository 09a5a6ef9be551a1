import { type CategorySlug, DEFAULT_CATEGORY, getCategory, resolveCategorySlug } from '@school/catalogue';
import { startTransition, use } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageBanner } from '../../components/page-banner';
import { categoryResource } from '../../lib/course-resources';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { CategoryBar } from './components/category-bar';
import { CourseCard } from '../../components/course-card';
import './courses.css';

/** /courses?path={category}: the category bar and that category's courses (default beginner). */
export function CoursesPage() {
  usePageTitle('Courses');
  const [params, setParams] = useSearchParams();
  // The prerendered HTML shows the default category; the query string applies once hydrated.
  const hydrated = useHydrated();
  const slug = hydrated ? resolveCategorySlug(params.get('path')) : DEFAULT_CATEGORY;
  const category = getCategory(slug);
  const list = use(categoryResource(slug));

  // A transition keeps the current list on screen while the next category's script loads.
  const select = (next: CategorySlug) => startTransition(() => setParams({ path: next }, { replace: true, preventScrollReset: true }));

  return (
    <>
      <PageBanner
        title="Our courses"
        subtitle="Industry-led courses across the whole chip life cycle, from your first transistor to failure analysis."
      />
      <section className="site-page-section" aria-labelledby="category-title">
        <div className="ui-page ui-page--gutters">
          <CategoryBar active={slug} onSelect={select} />
          <h2 id="category-title" className="site-page-section__title site-courses__category-title" aria-live="polite">
            {category?.fullTitle ?? category?.title}
          </h2>
          <ul className="site-grid-list site-course-grid">
            {list.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
