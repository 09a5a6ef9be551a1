import { LESSON_TYPE_LABELS, type UserCohortView } from '@school/contracts';
import { ButtonLink } from '@school/ui';
import { paths } from '../../../lib/paths';
import '../cohort.css';

/** The Continue section: the lesson done last, or the first lesson when nothing is done yet. */
export function ContinueCard({ cohortId, view }: { cohortId: string; view: UserCohortView }) {
  const latest = view.latest_lesson_part;
  const firstCourse = view.courses_part.find((c) => c.modules.some((m) => m.lessons.length > 0));
  const firstLesson = firstCourse?.modules.flatMap((m) => m.lessons)[0];
  const target = latest
    ? {
        courseId: latest.course_info.course_id_slug,
        courseTitle: latest.course_info.course_title,
        lessonId: latest.lesson_id,
        title: latest.lesson_title,
        type: latest.lesson_type,
      }
    : firstCourse && firstLesson
      ? {
          courseId: firstCourse.id_slug,
          courseTitle: firstCourse.title,
          lessonId: firstLesson.lesson_id,
          title: firstLesson.lesson_title,
          type: firstLesson.lesson_type,
        }
      : null;
  return (
    <section className="learn-section" aria-labelledby="continue-title">
      <h2 id="continue-title" className="learn-section__title">
        Continue
      </h2>
      {target ? (
        <div className="learn-continue">
          <div className="learn-continue__text">
            <p className="learn-eyebrow">{latest ? 'Most recent lesson' : 'Start here'}</p>
            <p className="learn-continue__title">{target.title}</p>
            <p className="ui-muted">
              {LESSON_TYPE_LABELS[target.type]} · {target.courseTitle}
            </p>
          </div>
          <ButtonLink
            to={paths.lesson(cohortId, target.courseId, target.lessonId)}
            aria-label={`${latest ? 'Continue' : 'Start'}: ${target.title}`}
          >
            {latest ? 'Continue' : 'Start'}
          </ButtonLink>
        </div>
      ) : (
        <p className="ui-muted">This class has no lessons yet.</p>
      )}
    </section>
  );
}
