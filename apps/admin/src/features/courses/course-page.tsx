import { courseInUseMessage, type AdminCourse } from '@school/contracts';
import { formatCount, LoadingIndicator, Tabs, useConfirm, useRouteMutation, useRouteQuery, useSession } from '@school/ui';
import { lazy, Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ActionsMenu } from '../../components/actions-menu';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { errorMessage } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes';
import { CourseCohortsTab } from './components/course-cohorts-tab';
import { CourseDetailsTab } from './components/course-details-tab';
import { CurriculumTab } from './components/curriculum-tab';
import { useCurriculumDraft } from './use-curriculum-draft';

/** The chart library is large: it loads only when the Engagement tab opens. */
const EngagementTab = lazy(() => import('./components/engagement-tab').then((m) => ({ default: m.EngagementTab })));

const TAB_LABELS = ['Details', 'Curriculum', 'Cohorts', 'Engagement'];

/** Asked before leaving the course page with curriculum edits that are not saved. */
export const UNSAVED_CURRICULUM_PROMPT = {
  title: 'Leave without saving?',
  message: 'The curriculum has changes that are not saved. If you leave this page, they are lost.',
};

/** /admin/courses/{id}: tabs Details, Curriculum, Cohorts and Engagement, chosen by `?tab=` (index), and 'Delete course'. */
export function CoursePage() {
  const { id = '' } = useParams();
  const query = useRouteQuery('adminCourseDetail', { params: { courseId: id } }, { select: (r) => r.data });
  usePageTitle(query.data?.title ?? 'Course');
  return (
    <QueryView query={query} label="the course">
      {(course) => <CourseView key={course.id_slug} course={course} />}
    </QueryView>
  );
}

/** The course's tabs; it holds the curriculum draft, so that unsaved edits survive tab switches. */
function CourseView({ course }: { course: AdminCourse }) {
  const [search, setSearch] = useSearchParams();
  const requested = Number.parseInt(search.get('tab') ?? '0', 10);
  const active = requested >= 0 && requested < TAB_LABELS.length ? requested : 0;
  const curriculum = useCurriculumDraft(course);
  const leavePrompt = useUnsavedChangesGuard(curriculum.changed, UNSAVED_CURRICULUM_PROMPT);
  const remove = useDeleteCourse(course);

  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title={course.title}
        // Counted from the curriculum as edited, so an added or deleted lesson shows here at once.
        subtitle={`${formatCount(curriculum.draft.length, 'module')} · ${formatCount(
          curriculum.draft.reduce((n, m) => n + m.lessons.length, 0),
          'lesson',
        )} · ${formatCount(course.cohorts.length, 'cohort')}${curriculum.changed ? ' · changes not saved' : ''}`}
        back={{ to: paths.courses, label: 'Courses' }}
        actions={<ActionsMenu actions={[{ label: 'Delete course', tone: 'danger', onSelect: remove.onDelete }]} />}
      />
      <Tabs
        label="Course sections"
        tabs={TAB_LABELS.map((label) => ({ label }))}
        active={active}
        onChange={(i) => setSearch(i ? { tab: String(i) } : {}, { replace: true })}
      >
        {active === 0 && <CourseDetailsTab course={course} />}
        {active === 1 && <CurriculumTab course={course} editor={curriculum} />}
        {active === 2 && <CourseCohortsTab course={course} />}
        {active === 3 && (
          <Suspense fallback={<LoadingIndicator />}>
            <EngagementTab course={course} />
          </Suspense>
        )}
      </Tabs>
      {leavePrompt}
      {remove.dialog}
    </div>
  );
}

/**
 * 'Delete course': asks first, then deletes and goes back to the course list. A course a cohort
 * uses is refused by the API, whose message (naming the cohorts) is shown.
 */
function useDeleteCourse(course: AdminCourse) {
  const { confirm, dialog } = useConfirm();
  const notify = useNotify();
  const { go } = useSession();
  // Told and navigated from the mutation itself: this page unmounts as it leaves.
  const remove = useRouteMutation('adminCourseDelete', {
    invalidates: invalidations.adminCourseDelete,
    onSuccess: () => {
      notify.success(`Course deleted: ${course.title}.`, { page: paths.courses });
      go(paths.courses);
    },
  });
  const onDelete = async () => {
    // The API refuses it too (and with this message); told at once, without a dialog that cannot succeed.
    if (course.cohorts.length) return notify.error(courseInUseMessage(course.cohorts.map((c) => c.title)));
    const ok = await confirm({
      title: 'Delete course',
      message: `Delete "${course.title}" with its modules and lessons? This action is permanent.`,
      confirmLabel: 'Delete course',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate({ params: { courseId: course.id_slug } }, { onError: (e) => notify.error(errorMessage(e)) });
  };
  return { onDelete, dialog };
}
