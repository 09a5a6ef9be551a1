import { LESSON_TYPE_LABELS, type CoursePart } from '@school/contracts';
import { Link } from 'react-router-dom';
import { CheckIcon } from '../../../lib/icons';
import { paths } from '../../../lib/paths';
import '../lesson.css';

/** The course's modules and lessons beside the lesson; the current lesson is marked. */
export function LessonNav({ cohortId, course, currentId, id }: { cohortId: string; course: CoursePart; currentId: string; id: string }) {
  const modules = [...course.modules].sort((a, b) => a.order - b.order);
  return (
    <nav id={id} className="learn-lesson-nav" aria-label="Lessons of this course">
      <p className="learn-lesson-nav__course">{course.title}</p>
      {modules.map((m, i) => (
        <div key={m.id_slug} className="learn-lesson-nav__module">
          <p className="learn-lesson-nav__module-title">
            {i + 1}. {m.title}
          </p>
          <ol className="learn-lesson-nav__list">
            {[...m.lessons]
              .sort((a, b) => a.order - b.order)
              .map((l) => (
                <li key={l.id_slug}>
                  <Link
                    to={paths.lesson(cohortId, course.id_slug, l.id_slug)}
                    className="learn-lesson-nav__link"
                    aria-current={l.id_slug === currentId ? 'page' : undefined}
                  >
                    <span className={l.is_completed ? 'learn-check learn-check--done' : 'learn-check'} aria-hidden="true">
                      {l.is_completed && <CheckIcon />}
                    </span>
                    <span>
                      <span className="learn-lesson-nav__title">{l.title}</span>
                      <span className="learn-lesson-nav__type">
                        {LESSON_TYPE_LABELS[l.lesson_type]}
                        {l.is_completed && ' · Completed'}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
          </ol>
        </div>
      ))}
    </nav>
  );
}
