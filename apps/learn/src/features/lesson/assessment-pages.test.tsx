import type { ProjectView } from '@school/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { SUBMITTED_MESSAGE } from './assessment-pages';

afterEach(() => vi.unstubAllGlobals());

const VIEW = 'GET /api/cohorts/k1/lessons/l3/project';
const SUBMIT = 'POST /api/cohorts/k1/lessons/l3/project/submission';

function project(overrides: Partial<ProjectView> = {}): ProjectView {
  return {
    lesson_title: 'Counter project',
    project: {
      instructions: 'Write a counter.',
      instructions_files: [],
      accepted_types: ['.zip'],
      max_size_bytes: 5 * 1024 * 1024,
      rubric: [],
    },
    grade_item: {
      id_slug: 'g1',
      open_datetime: null,
      deadline_datetime: '2030-09-01T09:00:00.000Z',
      late_deadline_datetime: null,
      result_open_datetime: null,
      is_mandatory: true,
      grade_percentage: 60,
      submission_status: 'OPEN',
      user_submission_status: 'PENDING',
      can_submit: true,
    },
    submission: null,
    result: null,
    ...overrides,
  };
}

describe('project page', () => {
  it('hands the zip in on Upload and lists the files the server read from it', async () => {
    const user = userEvent.setup();
    const submitted = project({
      grade_item: { ...project().grade_item, user_submission_status: 'SUBMITTED' },
      submission: {
        id_slug: 's1',
        file_name: 'counter.zip',
        size_bytes: 120,
        files: [{ path: 'rtl/counter.v', size: 25 }],
        submitted_at: '2030-08-01T09:00:00.000Z',
        is_late: false,
        download_url: '/api/files/f1?sig=x',
      },
    });
    const { calls } = renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      [VIEW]: () => ({ body: { data: project() } }),
      [SUBMIT]: () => ({ status: 201, body: { data: submitted } }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Counter project' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Project file (.zip)'), new File(['PK'], 'counter.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('rtl/counter.v')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUBMITTED_MESSAGE);
    expect(calls.filter((c) => c.method === 'POST' && c.path.includes('/project/submission'))).toHaveLength(1);
  });

  it("shows the server's reason when the zip is refused", async () => {
    const user = userEvent.setup();
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      [VIEW]: () => ({ body: { data: project() } }),
      [SUBMIT]: () => ({ status: 400, body: { message: 'bad', errors: { file: 'This file is not a zip archive.' } } }),
    });
    await user.upload(await screen.findByLabelText('Project file (.zip)'), new File(['x'], 'a.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('This file is not a zip archive.')).toBeInTheDocument();
  });
});
