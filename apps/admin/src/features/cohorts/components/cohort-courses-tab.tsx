import { ADMIN_MESSAGES, isApiError, type AdminCohort } from '@school/contracts';
import { AppLink, Button, formatCount, useConfirm, useRouteMutation } from '@school/ui';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { CoursePicker } from './course-picker';

/** The cohort's courses: their order (students see them so), link more (never the same twice) and unlink (refused while it has students). */
export function CohortCoursesTab({ cohort }: { cohort: AdminCohort }) {
  const link = useRouteMutation('adminCohortAddCourse', { invalidates: invalidations.adminCohortAddCourse });
  const unlink = useRouteMutation('adminCohortRemoveCourse', { invalidates: invalidations.adminCohortRemoveCourse });
  const reorder = useRouteMutation('adminCohortReorderCourses', {
    invalidates: invalidations.adminCohortReorderCourses,
    onSuccess: () => notify.success('Course order saved.'),
  });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const linked = new Set(cohort.courses.map((c) => c.id_slug));

  const onAdd = (course: { id_slug: string; title: string }) => {
    if (linked.has(course.id_slug)) return notify.error(ADMIN_MESSAGES.courseAlreadyAdded);
    link.mutate(
      { params: { cohortId: cohort.id_slug }, body: { course_id_slug: course.id_slug } },
      {
        onSuccess: () => notify.success(`Course linked: ${course.title}.`),
        onError: (e) => notify.error(isApiError(e) && e.status === 409 ? ADMIN_MESSAGES.courseAlreadyAdded : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  /** Swaps a course with its neighbour above (-1) or below (+1) and saves the whole order at once. */
  const onMove = (index: number, step: -1 | 1) => {
    const order = cohort.courses.map((c) => c.id_slug);
    [order[index], order[index + step]] = [order[index + step], order[index]];
    reorder.mutate(
      { params: { cohortId: cohort.id_slug }, body: { course_id_slugs: order } },
      { onError: (e) => notify.error(isApiError(e) && e.status < 500 ? e.message : ADMIN_MESSAGES.genericFailure) },
    );
  };

  const onUnlink = async (course: { id_slug: string; title: string }) => {
    if (cohort.total_students > 0) return notify.warning(ADMIN_MESSAGES.unlinkWarning);
    const ok = await confirm({
      title: 'Unlink this course?',
      message: `"${course.title}" will no longer be taught in ${cohort.title}, and the cohort's grade items for its lessons will be deleted.`,
      confirmLabel: 'Unlink course',
      tone: 'danger',
    });
    if (!ok) return;
    unlink.mutate(
      { params: { cohortId: cohort.id_slug, courseId: course.id_slug } },
      {
        onSuccess: () => notify.success(`Course unlinked: ${course.title}.`),
        onError: (e) => notify.error(isApiError(e) && e.status === 409 ? e.message : ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <div className="ui-stack">
      <section aria-labelledby="cohort-courses">
        <h2 id="cohort-courses" className="admin-section-title">
          Courses taught in this cohort
        </h2>
        <ul className="admin-pick-list" aria-label="Linked courses">
          {cohort.courses.map((c, i) => (
            <li key={c.id_slug} className="admin-pick-list__item">
              <span>
                <AppLink to={paths.course(c.id_slug)} className="admin-table__title">
                  {c.title}
                </AppLink>
                <span className="admin-table__sub">
                  {formatCount(c.modules_count, 'module')} · {formatCount(c.lessons_count, 'lesson')}
                </span>
              </span>
              <span className="admin-pick-list__actions">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => onMove(i, -1)}
                  aria-label={`Move up: ${c.title}`}
                >
                  Move up
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={i === cohort.courses.length - 1 || reorder.isPending}
                  onClick={() => onMove(i, 1)}
                  aria-label={`Move down: ${c.title}`}
                >
                  Move down
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  className="admin-danger-text"
                  onClick={() => onUnlink(c)}
                  aria-label={`Unlink ${c.title}`}
                >
                  Unlink
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <CoursePicker picked={linked} onPick={onAdd} heading={<h2 className="admin-section-title">Add a course</h2>} />
      {dialog}
    </div>
  );
}
