import { ACCESS_ENDED_MESSAGE, isApiError, SELF_COMPLETED_LESSON_TYPES } from '@school/contracts';
import { Button, ButtonLink, ErrorView, LoadingIndicator, useRouteQuery, useSession } from '@school/ui';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { retryServerErrors } from '../../lib/retry';
import { SIGNED_URL_FRESH_MS } from '../../lib/signed-urls';
import { usePageTitle } from '../../lib/use-page-title';
import { useMarkLessonComplete } from './lesson-completion';
import { LessonContent } from './components/lesson-content';
import { LessonNav } from './components/lesson-nav';
import { MarkCompleteButton } from './components/mark-complete-button';
import { locateLesson } from './lesson-order';
import './lesson.css';

/** Narrow screens start with the lesson menu folded away, wide ones with it open. */
const startsOpen = () => typeof window === 'undefined' || !window.matchMedia?.('(max-width: 1023px)').matches;

/**
 * /class/{cohortId}/course/{courseId}/lesson/{lessonId}: the lesson with a collapsible lesson menu,
 * mark-as-complete, and Prev / Next across module boundaries.
 */
export function LessonPage() {
  const { cohortId = '', courseId = '', lessonId = '' } = useParams();
  const { user } = useSession();
  // The course of the class with every lesson in full; its reading and link URLs are signed.
  const course = useRouteQuery(
    'userCourseView',
    { params: { cohortId, courseId, userIdSlug: user?.id_slug ?? '' } },
    {
      select: (r) => r.data.course_part,
      enabled: !!user,
      retry: retryServerErrors,
      staleTime: SIGNED_URL_FRESH_MS,
      refetchInterval: SIGNED_URL_FRESH_MS,
    },
  );
  const mark = useMarkLessonComplete();
  const [menuOpen, setMenuOpen] = useState(startsOpen);
  const navId = useId();
  const place = course.data ? locateLesson(course.data, lessonId) : null;
  usePageTitle(place?.current.lesson.title);

  if (course.isPending) return <LoadingIndicator />;
  if (course.isError && isApiError(course.error) && course.error.status === 403) {
    // The class's access has ended: its lessons are locked, the class page still shows grades and certificates.
    return (
      <div className="ui-page ui-page--padded ui-empty">
        <h1 className="learn-section__title">Lesson locked</h1>
        <p>{ACCESS_ENDED_MESSAGE}</p>
        <ButtonLink to={paths.cohort(cohortId)}>Back to class</ButtonLink>
      </div>
    );
  }
  if (course.isError || !place) {
    if (course.isError && (!isApiError(course.error) || course.error.status !== 404))
      console.error('Could not load the lesson', course.error);
    return <ErrorView homePath={paths.dashboard} />;
  }

  const { current, prev, next } = place;
  const lesson = current.lesson;
  const suspended = course.data.enrolment_status === 'SUSPENDED';
  // Quizzes and projects complete through their attempt or submission, never by this button.
  const selfCompleted = SELF_COMPLETED_LESSON_TYPES.includes(lesson.lesson_type);
  // The mutation outlives a move to the next lesson: its state counts only for the lesson it was for.
  const markingThis = mark.variables?.body.lesson_id_slug === lesson.id_slug;
  const completed = lesson.is_completed || (markingThis && mark.isSuccess);
  const pending = markingThis && mark.isPending;
  const markComplete = () => {
    if (!selfCompleted || completed || suspended || pending) return;
    mark.mutate(
      { params: { cohortId }, body: { user_id_slug: user?.id_slug ?? '', lesson_id_slug: lesson.id_slug } },
      { onError: (e) => console.error('Could not mark the lesson complete', e) },
    );
  };

  return (
    <div className={menuOpen ? 'learn-lesson-layout' : 'learn-lesson-layout learn-lesson-layout--collapsed'}>
      <div className="learn-lesson-layout__bar">
        <Link to={paths.cohort(cohortId)} className="learn-back">
          Back to class
        </Link>
        <Button variant="ghost" size="sm" aria-expanded={menuOpen} aria-controls={navId} onClick={() => setMenuOpen((o) => !o)}>
          {menuOpen ? 'Hide menu' : 'Show menu'}
        </Button>
      </div>
      {menuOpen && (
        <aside className="learn-lesson-layout__nav">
          <LessonNav id={navId} cohortId={cohortId} course={course.data} currentId={lesson.id_slug} />
        </aside>
      )}
      <div className="learn-lesson-layout__main">
        <p className="ui-muted learn-lesson-position">
          {course.data.title} · {current.moduleTitle} · Lesson {current.index + 1} of {place.total}
        </p>
        <LessonContent cohortId={cohortId} courseId={courseId} lesson={lesson} onVideoNearEnd={markComplete} />
        {selfCompleted ? (
          <div className="learn-lesson-complete">
            <MarkCompleteButton completed={completed} pending={pending} suspended={suspended} onMark={markComplete} />
            {suspended && <p className="ui-muted">Your enrolment is suspended, so lessons cannot be marked complete.</p>}
          </div>
        ) : (
          completed && (
            <div className="learn-lesson-complete">
              <p className="ui-muted">Completed</p>
            </div>
          )
        )}
        <nav className="learn-prev-next" aria-label="Previous and next lesson">
          {prev ? (
            <ButtonLink
              variant="secondary"
              to={paths.lesson(cohortId, courseId, prev.lesson.id_slug)}
              aria-label={`Prev: ${prev.lesson.title}`}
            >
              Prev
            </ButtonLink>
          ) : (
            <span />
          )}
          {next ? (
            <ButtonLink to={paths.lesson(cohortId, courseId, next.lesson.id_slug)} aria-label={`Next: ${next.lesson.title}`}>
              Next
            </ButtonLink>
          ) : (
            <ButtonLink variant="secondary" to={paths.cohort(cohortId)}>
              Back to class
            </ButtonLink>
          )}
        </nav>
      </div>
    </div>
  );
}
