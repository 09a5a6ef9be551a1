import { LoadingIndicator, Tabs } from '@school/ui';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useCourse } from './api/get-course';
import { CourseCohortsTab } from './components/course-cohorts-tab';
import { CourseDetailsTab } from './components/course-details-tab';
import { CurriculumTab } from './components/curriculum-tab';

/** The chart library is large: it loads only when the Engagement tab opens. */
const EngagementTab = lazy(() => import('./components/engagement-tab').then((m) => ({ default: m.EngagementTab })));

const TAB_LABELS = ['Details', 'Curriculum', 'Cohorts', 'Engagement'];

/** /admin/courses/{id}: tabs Details, Curriculum, Cohorts and Engagement, chosen by `?tab=` (index). */
export function CoursePage() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const query = useCourse(id);
  usePageTitle(query.data?.title ?? 'Course');
  const requested = Number.parseInt(search.get('tab') ?? '0', 10);
  const active = requested >= 0 && requested < TAB_LABELS.length ? requested : 0;

  return (
    <QueryView query={query} label="the course">
      {(course) => (
        <div className="admin-page">
          <PageHeader
            title={course.title}
            subtitle={`${course.modules.length} ${course.modules.length === 1 ? 'module' : 'modules'} · ${course.modules.reduce((n, m) => n + m.lessons_count, 0)} lessons · ${course.cohorts.length} ${course.cohorts.length === 1 ? 'cohort' : 'cohorts'}`}
            back={{ to: paths.courses, label: 'Courses' }}
          />
          <Tabs
            label="Course sections"
            tabs={TAB_LABELS.map((label) => ({ label }))}
            active={active}
            onChange={(i) => setSearch(i ? { tab: String(i) } : {}, { replace: true })}
          >
            {active === 0 && <CourseDetailsTab course={course} />}
            {active === 1 && <CurriculumTab course={course} />}
            {active === 2 && <CourseCohortsTab course={course} />}
            {active === 3 && (
              <Suspense fallback={<LoadingIndicator />}>
                <EngagementTab course={course} />
              </Suspense>
            )}
          </Tabs>
        </div>
      )}
    </QueryView>
  );
}
