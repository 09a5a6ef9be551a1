import { imageFor } from '@school/catalogue';
import { LESSON_TYPE_LABELS, type CourseSummary } from '@school/contracts';
import { ProgressBar } from '@school/ui';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CheckIcon } from '../../../lib/icons';
import '../cohort.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function LessonRow({ lesson: l }: { lesson: CourseSummary['modules'][number]['lessons'][number] }) {
  return (
    <>
      <span className={l.is_completed ? 'learn-check learn-check--done' : 'learn-check'} aria-hidden="true">
        {l.is_completed && <CheckIcon />}
      </span>
      <span className="learn-lesson-list__title">{l.lesson_title}</span>
      <span className="learn-lesson-list__type">{LESSON_TYPE_LABELS[l.lesson_type]}</span>
      {l.is_completed && <span className="ui-visually-hidden">(completed)</span>}
    </>
  );
}

/** A course of the class: module and lesson counts, progress, and its modules and lessons when expanded. */
export function CourseCard({ cohortId, course, locked = false }: { cohortId: string; course: CourseSummary; locked?: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article className="learn-course-card">
      <div className="learn-course-card__head">
        <img className="learn-course-card__image" src={imageFor(course.title, 'course')} alt="" width={96} height={72} />
        <div className="learn-course-card__summary">
          <h3 className="learn-course-card__title">{course.title}</h3>
          <p className="ui-muted">
            {plural(course.modules.length, 'module', 'modules')} · {plural(course.total_lessons, 'lesson', 'lessons')}
          </p>
          <ProgressBar value={course.completion_percentage} label={`Progress in ${course.title}`} />
        </div>
        <button type="button" className="learn-expand" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide lessons' : 'Show lessons'}
          <span className="ui-visually-hidden"> of {course.title}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="learn-course-card__modules">
        {course.modules.map((m, i) => (
          <section key={m.id_slug} className="learn-module" aria-label={`Module ${i + 1}: ${m.title}`}>
            <h4 className="learn-module__title">
              <span className="ui-muted">Module {i + 1}</span> {m.title}
              <span className="learn-module__pct">{Math.round(m.completion_percentage)}% complete</span>
            </h4>
            {m.lessons.length === 0 ? (
              <p className="ui-muted">No lessons yet.</p>
            ) : (
              <ol className="learn-lesson-list">
                {m.lessons.map((l) => (
                  <li key={l.lesson_id} className="learn-lesson-list__item">
                    {locked ? (
                      // The class has ended: the lesson is listed, but no longer opens.
                      <span className="learn-lesson-list__link learn-lesson-list__link--locked">
                        <LessonRow lesson={l} />
                        <span className="learn-lesson-list__type">Locked</span>
                      </span>
                    ) : (
                      <Link to={paths.lesson(cohortId, course.id_slug, l.lesson_id)} className="learn-lesson-list__link">
                        <LessonRow lesson={l} />
                      </Link>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </section>
        ))}
      </div>
    </article>
  );
}
