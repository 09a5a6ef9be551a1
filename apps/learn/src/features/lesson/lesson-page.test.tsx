import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCESS_ENDED_MESSAGE, type CohortGrade, QUIZ_NO_QUESTIONS_MESSAGE } from '@school/contracts';
import { coursePart, lesson } from '../../test/fixtures';
import { reply } from '@school/ui/testing';
import { renderApp } from '../../test/render-app';
import { isNearEnd } from './components/video-player';

afterEach(() => vi.unstubAllGlobals());

const lessonPath = (id: string) => `/class/k1/course/course-1/lesson/${id}`;

/** A mark-complete answer the test releases when it wants. */
function deferredMark() {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { release, handler: async () => (await gate, { cohort_id_slug: 'k1' }) };
}

describe('lesson page', () => {
  it('shows a reading with its files and links, Prev and Next across module boundaries', async () => {
    renderApp(lessonPath('l2'), { userCourseView: () => ({ data: { course_part: coursePart() } }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Logic reading' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Logic.pdf' })).toHaveAttribute('href', '/api/files/f1?exp=1&dl=0&sig=a');
    expect(screen.getByRole('link', { name: 'Download Logic.pdf' })).toHaveAttribute('href', '/api/files/f1?exp=1&dl=1&sig=b');
    expect(screen.getByRole('link', { name: /https:\/\/example.com\/sv/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Prev: The design flow' })).toHaveAttribute('href', lessonPath('l1'));
    // The next lesson is the first of the next module.
    expect(screen.getByRole('link', { name: 'Next: Testbench video' })).toHaveAttribute('href', lessonPath('l3'));
    expect(screen.getByText('Digital IC Design Fundamentals · RTL design · Lesson 2 of 3')).toBeInTheDocument();
  });

  it('has no Prev on the first lesson and leads back to the class after the last', async () => {
    const { unmount } = renderApp(lessonPath('l1'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/v?sig=1' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'The design flow' });
    expect(screen.queryByRole('link', { name: /^Prev/ })).toBeNull();
    unmount();
    renderApp(lessonPath('l3'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/v?sig=1' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Testbench video' });
    expect(screen.queryByRole('link', { name: /^Next/ })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Back to class' }).at(-1)).toHaveAttribute('href', '/class/k1');
  });

  it('hides and shows the lesson menu', async () => {
    const user = userEvent.setup();
    renderApp(lessonPath('l2'), { userCourseView: () => ({ data: { course_part: coursePart() } }) });
    const toggle = await screen.findByRole('button', { name: 'Hide menu' });
    expect(screen.getByRole('navigation', { name: 'Lessons of this course' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Logic reading/, current: 'page' })).toBeInTheDocument();
    await user.click(toggle);
    expect(screen.queryByRole('navigation', { name: 'Lessons of this course' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks a lesson complete once: disabled while the call runs, Completed afterwards', async () => {
    const user = userEvent.setup();
    const mark = deferredMark();
    const { calls } = renderApp(lessonPath('l2'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      markLessonComplete: mark.handler,
    });
    const button = await screen.findByRole('button', { name: 'Mark as complete' });
    await user.click(button);
    expect(button).toBeDisabled();
    await user.click(button);
    act(() => mark.release());
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeDisabled();
    const marks = calls.filter((c) => c.method === 'PATCH').map(({ method, path, body }) => ({ method, path, body }));
    expect(marks).toEqual([
      { method: 'PATCH', path: 'cohorts/admin/k1/mark-lesson-complete', body: { user_id_slug: 'u1', lesson_id_slug: 'l2' } },
    ]);
    // The lesson menu shows it done too.
    expect(screen.getByRole('link', { name: /Logic reading.*Completed/, current: 'page' })).toBeInTheDocument();
  });

  it('shows Completed for a lesson already done', async () => {
    renderApp(lessonPath('l1'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/v?sig=1' }),
    });
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeDisabled();
  });

  it("shows a week-long project's time limit in days and a quiz's in hours and minutes", async () => {
    const group = (minutes: number) => ({
      id_slug: `g${minutes}`,
      total_questions: 3,
      time_limit_minutes: minutes,
      instructions_files_urls: [],
    });
    const part = coursePart({
      modules: [
        {
          id_slug: 'm1',
          title: 'Projects',
          order: 0,
          completion_percentage: 0,
          lessons: [
            lesson('l1', 'UART project', 'PROJECT', 0, { project_group: group(10080) }),
            lesson('l2', 'Timing quiz', 'QUIZ', 1, { quiz_group: group(90) }),
          ],
        },
      ],
    });
    const { unmount } = renderApp(lessonPath('l1'), { userCourseView: () => ({ data: { course_part: part } }) });
    await screen.findByRole('heading', { level: 1, name: 'UART project' });
    expect(screen.getByText('Time limit').nextElementSibling).toHaveTextContent(/^7 days$/);
    expect(screen.queryByText('Questions')).toBeNull();
    unmount();
    renderApp(lessonPath('l2'), { userCourseView: () => ({ data: { course_part: part } }) });
    await screen.findByRole('heading', { level: 1, name: 'Timing quiz' });
    expect(screen.getByText('Time limit').nextElementSibling).toHaveTextContent(/^1 h 30 min$/);
  });

  // The class's grade item for a quiz that is open now.
  const OPEN_ITEM = {
    id_slug: 'gi1',
    open_datetime: '2020-01-01T09:00:00.000Z',
    deadline_datetime: null,
    is_mandatory: true,
    grade_percentage: 100,
    result_open_datetime: null,
    submission_status: 'OPEN' as CohortGrade['submission_status'],
  };

  it('says why a quiz cannot be started yet and when it opens, instead of offering a Start', async () => {
    const quiz = (cohort_grade: typeof OPEN_ITEM | null) =>
      coursePart({
        modules: [
          {
            id_slug: 'm1',
            title: 'Quizzes',
            order: 0,
            completion_percentage: 0,
            lessons: [
              lesson('q1', 'RTL quiz', 'QUIZ', 0, {
                quiz_group: { id_slug: 'g1', total_questions: 5, time_limit_minutes: 20, instructions_files_urls: [] },
                cohort_grade,
              }),
            ],
          },
        ],
      });
    const first = renderApp(lessonPath('q1'), { userCourseView: () => ({ data: { course_part: quiz(null) } }) });
    expect(
      await screen.findByText('This quiz is not open yet: its dates for your class have not been set. Please ask your instructor.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
    first.unmount();
    renderApp(lessonPath('q1'), {
      userCourseView: () => ({
        data: { course_part: quiz({ ...OPEN_ITEM, open_datetime: '2030-03-02T01:00:00.000Z', submission_status: 'NOT_OPEN' }) },
      }),
    });
    expect(await screen.findByText(/^This quiz opens on .*2030/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
  });

  it('says a quiz whose deadline passed is closed and since when, listing the attempts made but offering no Start', async () => {
    const quiz = coursePart({
      modules: [
        {
          id_slug: 'm1',
          title: 'Quizzes',
          order: 0,
          completion_percentage: 0,
          lessons: [
            lesson('q1', 'RTL quiz', 'QUIZ', 0, {
              quiz_group: { id_slug: 'g1', total_questions: 5, time_limit_minutes: null, instructions_files_urls: [] },
              cohort_grade: {
                ...OPEN_ITEM,
                deadline_datetime: '2026-03-01T09:00:00.000Z',
                late_deadline_datetime: '2026-03-03T09:00:00.000Z',
                submission_status: 'locked',
              },
            }),
          ],
        },
      ],
    });
    renderApp(lessonPath('q1'), {
      userCourseView: () => ({ data: { course_part: quiz } }),
      quizAttempts: () => ({
        data: [
          {
            session_id_slug: 's1',
            attempt_number: 1,
            status: 'SUBMITTED',
            started_at: '2026-03-01T07:30:00.000Z',
            submitted_at: '2026-03-01T08:00:00.000Z',
            deadline_at: '2026-03-01T09:00:00.000Z',
            is_late: false,
          },
        ],
        attempts_allowed: 2,
        attempts_used: 1,
        time_limit_minutes: null,
        total_questions: 5,
        deadline_datetime: '2026-03-01T09:00:00.000Z',
        extension: null,
        late_policy: { late_penalty_per_day: null, late_score_cap: null },
        start_is_late: false,
      }),
    });
    // The late deadline is the last moment it took attempts.
    expect(
      await screen.findByText(
        /^This quiz closed on .*3 Mar.*2026.*: it no longer takes attempts\. Ask your instructor if you need an extension\.$/,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Attempt 1: submitted/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start quiz|Resume quiz/ })).toBeNull();
  });

  it('says a quiz with no questions yet has none, instead of offering a Start that would fail', async () => {
    const quiz = (total: number | null) =>
      coursePart({
        modules: [
          {
            id_slug: 'm1',
            title: 'Quizzes',
            order: 0,
            completion_percentage: 0,
            lessons: [
              lesson('q1', 'RTL quiz', 'QUIZ', 0, {
                quiz_group:
                  total === null ? null : { id_slug: 'g1', total_questions: total, time_limit_minutes: 20, instructions_files_urls: [] },
                cohort_grade: OPEN_ITEM,
              }),
            ],
          },
        ],
      });
    for (const total of [null, 0]) {
      const { unmount } = renderApp(lessonPath('q1'), { userCourseView: () => ({ data: { course_part: quiz(total) } }) });
      expect(await screen.findByText(QUIZ_NO_QUESTIONS_MESSAGE)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Start quiz' })).toBeNull();
      unmount();
    }
    renderApp(lessonPath('q1'), {
      userCourseView: () => ({ data: { course_part: quiz(5) } }),
      quizAttempts: () => ({
        data: [],
        attempts_allowed: 2,
        attempts_used: 0,
        time_limit_minutes: null,
        total_questions: 5,
        deadline_datetime: null,
        extension: null,
        late_policy: { late_penalty_per_day: null, late_score_cap: null },
        start_is_late: false,
      }),
    });
    expect(await screen.findByRole('button', { name: 'Start quiz' })).toBeInTheDocument();
    expect(screen.queryByText(QUIZ_NO_QUESTIONS_MESSAGE)).toBeNull();
  });

  it('tells a student their extended deadline and extra attempts, and that starting now is late', async () => {
    const quiz = coursePart({
      modules: [
        {
          id_slug: 'm1',
          title: 'Quizzes',
          order: 0,
          completion_percentage: 0,
          lessons: [
            lesson('q1', 'RTL quiz', 'QUIZ', 0, {
              quiz_group: { id_slug: 'g1', total_questions: 5, time_limit_minutes: null, instructions_files_urls: [] },
              cohort_grade: OPEN_ITEM,
            }),
          ],
        },
      ],
    });
    renderApp(lessonPath('q1'), {
      userCourseView: () => ({ data: { course_part: quiz } }),
      quizAttempts: () => ({
        data: [],
        attempts_allowed: 2,
        attempts_used: 0,
        time_limit_minutes: null,
        total_questions: 5,
        deadline_datetime: '2030-09-03T09:00:00.000Z',
        extension: { deadline_datetime: '2030-09-03T09:00:00.000Z', late_deadline_datetime: null, extra_attempts: 1 },
        late_policy: { late_penalty_per_day: null, late_score_cap: 60 },
        start_is_late: true,
      }),
    });
    expect(await screen.findByText(/^Your deadline has been extended to .*You have been given 1 extra attempt\.$/)).toBeInTheDocument();
    expect(screen.getByText('Submitted now, this will be marked late: score capped at 60%')).toBeInTheDocument();
    expect(screen.getByText('Attempts: 0 of 2 used.')).toBeInTheDocument();
  });

  it("shows a quiz's grade status from the course view's statuses", async () => {
    const grade = {
      id_slug: 'g1',
      deadline_datetime: null,
      is_mandatory: false,
      grade_percentage: 20,
      result_open_datetime: null,
      submission_status: 'OPEN' as CohortGrade['submission_status'],
    };
    const attempt = { id_slug: 's1', started_datetime: '2026-01-05T10:00:00Z', submitted_datetime: '2026-01-05T10:20:00Z', score: null };
    const part = (status: 'PENDING' | 'SUBMITTED') =>
      coursePart({
        modules: [
          {
            id_slug: 'm1',
            title: 'Quizzes',
            order: 0,
            completion_percentage: 0,
            lessons: [
              lesson('q1', 'RTL quiz', 'QUIZ', 0, {
                cohort_grade: grade,
                user_cohort_grade:
                  status === 'PENDING'
                    ? null
                    : { id_slug: 'ug1', user_grade: null, user_submission_status: status, quiz_session: attempt, project_session: null },
              }),
            ],
          },
        ],
      });
    const { unmount } = renderApp(lessonPath('q1'), { userCourseView: () => ({ data: { course_part: part('PENDING') } }) });
    await screen.findByRole('heading', { level: 1, name: 'RTL quiz' });
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent(/^Open$/);
    unmount();
    renderApp(lessonPath('q1'), { userCourseView: () => ({ data: { course_part: part('SUBMITTED') } }) });
    await screen.findByRole('heading', { level: 1, name: 'RTL quiz' });
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent(/^Submitted$/);
  });

  it('does not let a suspended student complete lessons', async () => {
    renderApp(lessonPath('l2'), { userCourseView: () => ({ data: { course_part: coursePart({ enrolment_status: 'SUSPENDED' }) } }) });
    expect(await screen.findByRole('button', { name: 'Mark as complete' })).toBeDisabled();
    expect(screen.getByText('Your enrolment is suspended, so lessons cannot be marked complete.')).toBeInTheDocument();
  });

  it('completes a video lesson by itself when 60 seconds or less remain while it plays', async () => {
    const { calls } = renderApp(lessonPath('l3'), {
      userCourseView: () => ({ data: { course_part: coursePart() } }),
      videoUrl: () => ({ url: '/api/files/vid3?exp=1&dl=0&sig=s' }),
      markLessonComplete: () => ({ cohort_id_slug: 'k1' }),
    });
    const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/api/files/vid3?exp=1&dl=0&sig=s');
    expect(video.querySelector('track')).toHaveAttribute('src', '/api/files/cap3?exp=1&dl=0&sig=c');
    expect(video.querySelector('track')).toHaveAttribute('kind', 'captions');
    expect(calls.find((c) => c.name === 'videoUrl')?.query.get('url')).toBe('vid3');
    Object.defineProperty(video, 'duration', { value: 600, configurable: true });
    Object.defineProperty(video, 'paused', { value: false, configurable: true });
    video.currentTime = 500; // 100 s left
    fireEvent.timeUpdate(video);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    video.currentTime = 540; // 60 s left
    fireEvent.timeUpdate(video);
    fireEvent.timeUpdate(video);
    expect(await screen.findByRole('button', { name: 'Completed' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
  });

  it('has no Mark as complete button on a quiz or a project: they complete through their attempt or submission', async () => {
    const course = coursePart({
      modules: [
        {
          id_slug: 'm1',
          title: 'Assessments',
          order: 0,
          completion_percentage: 0,
          lessons: [lesson('q1', 'RTL quiz', 'QUIZ', 0), lesson('p1', 'UART project', 'PROJECT', 1)],
        },
      ],
    });
    for (const id of ['q1', 'p1']) {
      const { unmount } = renderApp(lessonPath(id), { userCourseView: () => ({ data: { course_part: course } }) });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Mark as complete' })).toBeNull();
      unmount();
    }
  });

  it('tells the student a lesson is locked once the class has ended, with a way back to the class', async () => {
    renderApp(lessonPath('l2'), { userCourseView: () => reply(403, { message: ACCESS_ENDED_MESSAGE }) });
    expect(await screen.findByText(ACCESS_ENDED_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lesson locked' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to class' })).toHaveAttribute('href', '/class/k1');
  });

  it('shows the 404 view for a lesson outside the course', async () => {
    renderApp(lessonPath('nope'), { userCourseView: () => ({ data: { course_part: coursePart() } }) });
    expect(await screen.findByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/student');
  });
});

describe('isNearEnd', () => {
  it('is true when 60 seconds or less remain', () => {
    expect(isNearEnd(539, 600)).toBe(false);
    expect(isNearEnd(540, 600)).toBe(true);
    expect(isNearEnd(0, 8)).toBe(true);
    expect(isNearEnd(0, Number.NaN)).toBe(false);
    expect(isNearEnd(0, 0)).toBe(false);
  });
});
