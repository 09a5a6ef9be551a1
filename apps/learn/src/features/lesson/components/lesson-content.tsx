import { gradeDisplayStatus, LESSON_TYPE_LABELS, type LessonDetail, QUIZ_NO_QUESTIONS_MESSAGE } from '@school/contracts';
import { ButtonLink, buttonClass, formatDateTime, formatDuration } from '@school/ui';
import { DocumentIcon, LinkIcon } from '../../../lib/icons';
import { paths } from '../../../lib/paths';
import { QuizStart } from './quiz-start';
import { useLessonPosition } from '../use-lesson-position';
import { VideoPlayer } from './video-player';
import '../lesson.css';

export interface LessonContentProps {
  cohortId: string;
  courseId: string;
  lesson: LessonDetail;
  onVideoNearEnd: () => void;
}

function Readings({ lesson }: { lesson: LessonDetail }) {
  if (lesson.reading_files.length === 0 && lesson.links.length === 0) return null;
  return (
    <div className="learn-resources">
      {lesson.reading_files.length > 0 && (
        <section aria-labelledby="readings-title">
          <h2 id="readings-title" className="learn-resources__title">
            Readings
          </h2>
          <ul className="learn-resource-list">
            {lesson.reading_files.map((f) => (
              <li key={f.url} className="learn-resource">
                <span className="learn-resource__icon" aria-hidden="true">
                  <DocumentIcon />
                </span>
                <span className="learn-resource__name">{f.name}</span>
                <span className="learn-resource__actions">
                  <a className={buttonClass('secondary', 'sm')} href={f.url} target="_blank" rel="noopener" aria-label={`Open ${f.name}`}>
                    Open
                  </a>
                  <a className={buttonClass('ghost', 'sm')} href={f.download_url} download aria-label={`Download ${f.name}`}>
                    Download
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {lesson.links.length > 0 && (
        <section aria-labelledby="links-title">
          <h2 id="links-title" className="learn-resources__title">
            Links
          </h2>
          <ul className="learn-resource-list">
            {lesson.links.map((l) => (
              <li key={l.url} className="learn-resource">
                <span className="learn-resource__icon" aria-hidden="true">
                  <LinkIcon />
                </span>
                <a className="learn-resource__link" href={l.url} target="_blank" rel="noopener noreferrer">
                  {l.title}
                  <span className="ui-visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * Why a quiz or project cannot be started, in words, instead of a Start that would be refused: no
 * grade item for the class (nobody set its dates), an item that opens later, or one whose (late)
 * deadline, this student's own with any extension, has passed.
 */
export function closedText(kind: 'quiz' | 'project', grade: LessonDetail['cohort_grade']): string | null {
  if (!grade) return `This ${kind} is not open yet: its dates for your class have not been set. Please ask your instructor.`;
  if (grade.submission_status === 'locked') {
    const last = grade.late_deadline_datetime ?? grade.deadline_datetime;
    const takes = kind === 'quiz' ? 'attempts' : 'hand-ins';
    return last
      ? `This ${kind} closed on ${formatDateTime(last)}: it no longer takes ${takes}. Ask your instructor if you need an extension.`
      : `This ${kind} is closed: it no longer takes ${takes}.`;
  }
  if (grade.submission_status !== 'NOT_OPEN') return null;
  return grade.open_datetime ? `This ${kind} opens on ${formatDateTime(grade.open_datetime)}.` : `This ${kind} is not open yet.`;
}

function Assessment({ cohortId, courseId, lesson }: Omit<LessonContentProps, 'onVideoNearEnd'>) {
  const group = lesson.lesson_type === 'QUIZ' ? lesson.quiz_group : lesson.project_group;
  const grade = lesson.cohort_grade;
  const sessionId = group?.id_slug ?? lesson.id_slug;
  const isQuiz = lesson.lesson_type === 'QUIZ';
  const closed = closedText(isQuiz ? 'quiz' : 'project', grade);
  const locked = grade?.submission_status === 'locked';
  const handedIn = ['SUBMITTED', 'GRADED'].includes(lesson.user_cohort_grade?.user_submission_status ?? 'PENDING');
  return (
    <section className="learn-assessment" aria-label={isQuiz ? 'Quiz details' : 'Project details'}>
      <dl className="learn-grade__facts">
        {group && (
          <>
            {/* A project has no questions. */}
            {isQuiz && (
              <div>
                <dt>Questions</dt>
                <dd>{group.total_questions}</dd>
              </div>
            )}
            <div>
              <dt>Time limit</dt>
              <dd>{group.time_limit_minutes === null ? 'None' : formatDuration(group.time_limit_minutes)}</dd>
            </div>
          </>
        )}
        {grade && (
          <>
            <div>
              <dt>Weight</dt>
              <dd>{Number(grade.grade_percentage)}%</dd>
            </div>
            <div>
              <dt>Deadline</dt>
              <dd>{grade.deadline_datetime ? formatDateTime(grade.deadline_datetime) : 'None'}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                {gradeDisplayStatus({
                  user_submission_status: lesson.user_cohort_grade?.user_submission_status ?? 'PENDING',
                  cohort_grade_info: grade,
                })}
              </dd>
            </div>
          </>
        )}
      </dl>
      {isQuiz && !group?.total_questions ? (
        <p className="learn-notice">{QUIZ_NO_QUESTIONS_MESSAGE}</p>
      ) : (
        <>
          {closed && <output className="learn-notice">{closed}</output>}
          {/* A closed quiz still lists the attempts made; a closed project still shows its hand-in. */}
          {isQuiz
            ? (!closed || locked) && <QuizStart cohortId={cohortId} courseId={courseId} lessonId={lesson.id_slug} canStart={!closed} />
            : (!closed || (locked && handedIn)) && (
                <ButtonLink to={paths.project(cohortId, courseId, lesson.id_slug, sessionId)}>
                  {closed ? 'See your hand-in' : 'Open project submission'}
                </ButtonLink>
              )}
        </>
      )}
    </section>
  );
}

/** The body of a lesson: its video, readings and links, or its quiz or project. */
export function LessonContent({ cohortId, courseId, lesson, onVideoNearEnd }: LessonContentProps) {
  return (
    <div className="learn-lesson-content">
      <p className="learn-eyebrow">{LESSON_TYPE_LABELS[lesson.lesson_type]}</p>
      <h1 className="learn-lesson-content__title">{lesson.title}</h1>
      {lesson.lesson_type === 'VIDEO' &&
        (lesson.video_lecture_id_slug ? (
          // Keyed by lesson: moving to another lesson starts a new player at that lesson's kept place.
          <KeptPlaceVideo
            key={lesson.id_slug}
            cohortId={cohortId}
            lesson={lesson}
            videoId={lesson.video_lecture_id_slug}
            onNearEnd={onVideoNearEnd}
          />
        ) : (
          <p className="learn-notice">The video of this lesson is not available yet.</p>
        ))}
      {lesson.description && <p className="learn-lesson-content__description">{lesson.description}</p>}
      <Readings lesson={lesson} />
      {(lesson.lesson_type === 'QUIZ' || lesson.lesson_type === 'PROJECT') && (
        <Assessment cohortId={cohortId} courseId={courseId} lesson={lesson} />
      )}
    </div>
  );
}

/** The lesson video opened where the student stopped last time, keeping the place as they watch. */
function KeptPlaceVideo({
  cohortId,
  lesson,
  videoId,
  onNearEnd,
}: {
  cohortId: string;
  lesson: LessonDetail;
  videoId: string;
  onNearEnd: () => void;
}) {
  const place = useLessonPosition(cohortId, lesson.id_slug);
  if (!place.loaded) return null;
  return (
    <VideoPlayer
      videoId={videoId}
      title={lesson.title}
      captionsUrl={lesson.video_captions_url}
      onNearEnd={onNearEnd}
      startAt={place.position}
      onPosition={place.save}
    />
  );
}
