import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { cohortView, grade } from '../../test/fixtures';
import { reply } from '@school/ui/testing';
import { renderApp } from '../../test/render-app';
import { CLASS_ENDED_NOTICE } from './cohort-page';
import { resultText } from './components/grades-tab';

afterEach(() => vi.unstubAllGlobals());

describe('/class/{id}', () => {
  it('shows only the Learn and Schedule tabs when the class has no grades or certificates', async () => {
    renderApp('/class/k1', { userCohortView: () => ({ data: cohortView() }) });
    expect(await screen.findByRole('heading', { name: 'Semiconductor Talent Programme: Cohort 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Learn', 'Schedule']);
  });

  it('shows the Continue card, course counts, a progress bar clamped to 1, and expands to modules and lessons', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1', { userCohortView: () => ({ data: cohortView() }) });
    expect(await screen.findByRole('link', { name: 'Continue: The design flow' })).toHaveAttribute(
      'href',
      '/class/k1/course/course-1/lesson/l1',
    );
    expect(screen.getByText('2 modules · 3 lessons')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progress in Digital IC Design Fundamentals' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    const toggle = screen.getByRole('button', { name: /Show lessons/ });
    expect(screen.queryByRole('link', { name: /Logic reading/ })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Logic reading/ })).toHaveAttribute('href', '/class/k1/course/course-1/lesson/l2');
    expect(screen.getByRole('link', { name: /The design flow.*completed/ })).toBeInTheDocument();
    expect(screen.getByText('50% complete')).toBeInTheDocument();
  });

  it('opens the tab given by the query index and lists grades with their status, Start only when Open', async () => {
    const view = cohortView({
      user_grades_part: [
        grade('a', 'PENDING', 'NOT_OPEN'),
        grade('b', 'SUBMITTED', 'OPEN'),
        grade('c', 'PENDING', 'OPEN', { lesson_title: 'RTL quiz', is_mandatory: false, grade_percentage: 10 }),
        grade('d', 'GRADED', 'locked', { user_grade: 85, lesson_type: 'PROJECT', result_open_datetime: '2020-01-01T00:00:00Z' }),
        grade('e', 'PENDING', 'locked', { result_open_datetime: '2999-05-04T00:00:00Z' }),
      ],
      certificates_part: [{ id_slug: 'cert', title: 'Cert', user_certificate: null, requirements: null }],
    });
    renderApp('/class/k1?tab=1', { userCohortView: () => ({ data: view }) });
    const tab = await screen.findByRole('tab', { name: 'Grades' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Learn', 'Grades', 'Certifications', 'Schedule']);
    const rows = within(screen.getByRole('list', { name: 'Grades' })).getAllByRole('listitem');
    const statuses = rows.map((r) => r.querySelector('.ui-chip')?.textContent);
    expect(statuses).toEqual(['Not open', 'Submitted', 'Open', 'Graded', 'Locked']);
    expect(rows.map((r) => r.querySelector('.ui-chip')?.getAttribute('data-tone'))).toEqual([
      'neutral',
      'success',
      'neutral',
      'success',
      'neutral',
    ]);
    expect(screen.getAllByRole('link', { name: /^Start / })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Start RTL quiz' })).toHaveAttribute('href', '/class/k1/course/course-1/lesson/lesson-c');
    expect(within(rows[2]).getByText('Optional')).toBeInTheDocument();
    expect(within(rows[2]).getByText('10%')).toBeInTheDocument();
    expect(within(rows[3]).getByText('Project submission')).toBeInTheDocument();
    // Result sections only on locked items: the grade once results are open, else the date.
    expect(screen.getAllByTestId('grade-result').map((r) => r.textContent)).toEqual(['Grade: 85%', 'Results on 4 May 2999']);
  });

  it('shows the weighted total of the released grades above the Grades list', async () => {
    const base = cohortView();
    const view = cohortView({
      user_grades_part: [grade('d', 'GRADED', 'locked', { user_grade: 85, result_open_datetime: '2020-01-01T00:00:00Z' })],
      user_cohort_part: { ...base.user_cohort_part, weighted_total: 42.505 },
    });
    renderApp('/class/k1?tab=1', { userCohortView: () => ({ data: view }) });
    expect(await screen.findByTestId('weighted-total')).toHaveTextContent(/^Weighted total: 42\.51%/);
  });

  it('lists certificates: View, Download and the issue date when completed, else In progress', async () => {
    const view = cohortView({
      certificates_part: [
        {
          id_slug: 'c1',
          title: 'Cleanroom Safety',
          user_certificate: { progress: 'COMPLETED', completion_date: '2026-03-02T10:00:00Z' },
          requirements: null,
        },
        {
          id_slug: 'c2',
          title: 'Digital Certificate',
          user_certificate: { progress: 'IN_PROGRESS', completion_date: null },
          requirements: {
            lessons_percent: 50,
            min_lessons_percent: 100,
            require_mandatory_graded: true,
            missing_mandatory: 1,
            weighted_total: 40,
            min_weighted_total: 50,
          },
        },
      ],
    });
    renderApp('/class/k1?tab=1', {
      userCohortView: () => ({ data: view }),
      certificateDocument: () => ({
        url: '/api/files/doc?exp=1&dl=0&sig=x',
        download_url: '/api/files/doc?exp=1&dl=1&sig=y',
        badge_url: '/api/certificates/credentials/0123456789abcdef0123456789abcdef/open-badge.json',
        completion_date: '2026-03-02T10:00:00.000Z',
      }),
    });
    expect(await screen.findByRole('tab', { name: 'Certifications', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Grades' })).toBeNull();
    expect(screen.getByText('Issued on 2 March 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View Cleanroom Safety' })).toHaveAttribute('href', '/api/files/doc?exp=1&dl=0&sig=x');
    expect(screen.getByRole('link', { name: 'Download Cleanroom Safety' })).toHaveAttribute('href', '/api/files/doc?exp=1&dl=1&sig=y');
    expect(screen.getByRole('link', { name: 'Download the Open Badge of Cleanroom Safety (JSON)' })).toHaveAttribute(
      'href',
      '/api/certificates/credentials/0123456789abcdef0123456789abcdef/open-badge.json',
    );
    expect(screen.getByText('In progress')).toBeInTheDocument();
    const missing = screen.getByRole('list', { name: 'Still needed for Digital Certificate' });
    expect([...missing.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Complete every lesson (50% done)',
      '1 mandatory grade item still to be graded',
      'Reach a weighted total of 50% (now 40%)',
    ]);
    expect(screen.queryByRole('link', { name: 'View Digital Certificate' })).toBeNull();
  });

  it('says a revoked certificate was revoked and offers neither its file nor its Open Badge', async () => {
    const { calls } = renderApp('/class/k1?tab=1', {
      userCohortView: () => ({
        data: cohortView({
          certificates_part: [
            {
              id_slug: 'c1',
              title: 'Cleanroom Safety',
              user_certificate: { progress: 'REVOKED', completion_date: '2026-03-02T10:00:00Z' },
              requirements: {
                lessons_percent: 100,
                min_lessons_percent: 100,
                require_mandatory_graded: true,
                missing_mandatory: 0,
                weighted_total: 80,
                min_weighted_total: 50,
              },
            },
          ],
        }),
      }),
      certificateDocument: () => ({
        url: '/api/files/doc?exp=1&dl=0&sig=x',
        download_url: '/api/files/doc?exp=1&dl=1&sig=y',
        badge_url: '/api/certificates/credentials/0123456789abcdef0123456789abcdef/open-badge.json',
        completion_date: '2026-03-02T10:00:00.000Z',
      }),
    });
    const list = await screen.findByRole('list', { name: 'Certificates' });
    expect(within(list).getByText('Revoked')).toBeInTheDocument();
    expect(within(list).queryByText(/Issued on/)).toBeNull();
    expect(within(list).queryByText('In progress')).toBeNull();
    expect(within(list).queryByRole('link')).toBeNull();
    expect(within(list).queryByText('View')).toBeNull();
    expect(within(list).queryByText('Download')).toBeNull();
    expect(calls.some((c) => c.path.includes('/document'))).toBe(false);
  });

  it('falls back to Learn for an unknown tab index and moves tabs through the query', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1?tab=7', {
      userCohortView: () => ({ data: cohortView({ user_grades_part: [grade('a', 'PENDING', 'OPEN')] }) }),
    });
    expect(await screen.findByRole('tab', { name: 'Learn', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Grades' }));
    expect(screen.getByRole('tab', { name: 'Grades', selected: true })).toBeInTheDocument();
  });

  it("opens the Schedule tab from the timeline mail's ?tab=schedule, wherever it stands", async () => {
    renderApp('/class/k1?tab=schedule', {
      userCohortView: () => ({ data: cohortView({ user_grades_part: [grade('a', 'PENDING', 'OPEN')] }) }),
    });
    expect(await screen.findByRole('tab', { name: 'Schedule', selected: true })).toBeInTheDocument();
  });

  it('shows the 404 view for a class the student may not see', async () => {
    renderApp('/class/nope', {
      userCohortView: () => reply(404, { message: 'This content is not available right now.' }),
    });
    expect(await screen.findByText("That's an error...")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return home' })).toHaveAttribute('href', '/student');
  });

  it('keeps an ended class readable: lessons listed but locked, grades and certificates still there', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1', {
      userCohortView: () => ({
        data: cohortView({
          end_access_date: '2026-01-01T00:00:00Z',
          user_grades_part: [grade('g1', 'GRADED', 'locked', { user_grade: 88 })],
          certificates_part: [
            {
              id_slug: 'c1',
              title: 'Chips Certificate',
              user_certificate: { progress: 'COMPLETED', completion_date: '2025-12-01T00:00:00Z' },
              requirements: null,
            },
          ],
        }),
      }),
      certificateDocument: () => ({
        url: '/api/files/doc?exp=1&dl=0&sig=x',
        download_url: '/api/files/doc?exp=1&dl=1&sig=y',
        badge_url: '/api/certificates/credentials/0123456789abcdef0123456789abcdef/open-badge.json',
        completion_date: '2025-12-01T00:00:00.000Z',
      }),
    });
    expect(await screen.findByRole('note')).toHaveTextContent(CLASS_ENDED_NOTICE);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Learn', 'Grades', 'Certifications', 'Schedule']);
    expect(screen.queryByRole('link', { name: /Continue/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Show lessons/ }));
    expect(screen.getByText('Logic reading')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Logic reading/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Certifications' }));
    expect(await screen.findByRole('link', { name: 'Download Chips Certificate' })).toHaveAttribute(
      'href',
      '/api/files/doc?exp=1&dl=1&sig=y',
    );
  });

  it('warns a suspended student', async () => {
    renderApp('/class/k1', {
      userCohortView: () => ({
        data: cohortView({
          user_cohort_part: {
            completed_lessons_ids: [],
            cohort_id_slug: 'k1',
            total_grades: 0,
            enrolment_status: 'SUSPENDED',
            weighted_total: null,
          },
        }),
      }),
    });
    expect(await screen.findByRole('note')).toHaveTextContent('Your enrolment in this class is suspended');
  });
});

describe('resultText', () => {
  it('shows the grade after the result date, the date before it, and a note when there is no grade', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(resultText(grade('x', 'GRADED', 'locked', { user_grade: 72.5, result_open_datetime: '2026-05-01T00:00:00Z' }), now)).toBe(
      'Grade: 72.5%',
    );
    expect(resultText(grade('x', 'GRADED', 'locked', { user_grade: null, result_open_datetime: '2026-07-01T00:00:00Z' }), now)).toBe(
      'Results on 1 July 2026',
    );
    expect(resultText(grade('x', 'PENDING', 'locked'), now)).toBe('Not graded yet');
  });

  it('says a grade was set by the instructor, without a late penalty beside it', () => {
    const byHand = { ...grade('x', 'GRADED', 'locked', { user_grade: 90 }), set_by_hand: true, original_grade: null };
    expect(resultText(byHand)).toBe('Grade: 90% (grade set by your instructor)');
    expect(resultText({ ...grade('x', 'GRADED', 'locked', { user_grade: 50 }), original_grade: 80 })).toBe(
      'Grade: 50% (80% before the late penalty)',
    );
  });
});
