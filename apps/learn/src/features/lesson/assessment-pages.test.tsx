import type { ProjectView } from '@school/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reply } from '@school/ui/testing';
import { renderApp } from '../../test/render-app';
import { SERVER_UPLOAD_FAILED_MESSAGE, SUBMITTED_MESSAGE } from './assessment-pages';

afterEach(() => vi.unstubAllGlobals());

/** Uploads go through XMLHttpRequest (for their progress): this one reports half sent, then hands the request to the mocked fetch. */
class ForwardingXhr {
  method = '';
  url = '';
  headers = new Headers();
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  private answerHeaders = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  getAllResponseHeaders() {
    return this.answerHeaders;
  }
  abort() {}
  send(body: BodyInit) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded: 1, total: 2 }));
    void globalThis.fetch(this.url, { method: this.method, headers: this.headers, body }).then(async (res) => {
      this.status = res.status;
      this.responseText = await res.text();
      this.answerHeaders = [...res.headers].map(([k, v]) => `${k}: ${v}`).join('\r\n');
      this.onload?.();
    });
  }
}
beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', ForwardingXhr);
});

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
      extension: null,
      late_policy: { late_penalty_per_day: null, late_score_cap: null },
      submit_is_late: false,
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
    let finishUpload!: () => void;
    const uploaded = new Promise<void>((r) => (finishUpload = r));
    const { calls } = renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({ data: project() }),
      submitProject: async () => (await uploaded, reply(201, { data: submitted })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Counter project' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Project file (.zip)'), new File(['PK'], 'counter.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    // Half sent: the bar and the percentage show it.
    expect(await screen.findByRole('progressbar', { name: 'Uploading' })).toHaveAttribute('value', '50');
    expect(screen.getByText(/50%/)).toBeInTheDocument();
    finishUpload();
    expect(await screen.findByText('rtl/counter.v')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(SUBMITTED_MESSAGE);
    expect(calls.filter((c) => c.method === 'POST' && c.path.includes('/project/submission'))).toHaveLength(1);
  });

  it("shows the server's reason when the zip is refused", async () => {
    const user = userEvent.setup();
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({ data: project() }),
      submitProject: () => reply(400, { message: 'bad', errors: { file: 'This file is not a zip archive.' } }),
    });
    await user.upload(await screen.findByLabelText('Project file (.zip)'), new File(['x'], 'a.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('This file is not a zip archive.')).toBeInTheDocument();
  });

  it('says in words that the server failed, never a status code, and clears it when another file is chosen', async () => {
    const user = userEvent.setup();
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({ data: project() }),
      submitProject: () => reply(500, 'Internal Server Error'),
    });
    const input = await screen.findByLabelText('Project file (.zip)');
    await user.upload(input, new File(['PK'], 'a.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(SERVER_UPLOAD_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/status code/)).not.toBeInTheDocument();
    await user.upload(input, new File(['PK'], 'b.zip', { type: 'application/zip' }));
    expect(screen.queryByText(SERVER_UPLOAD_FAILED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByText('Selected: b.zip')).toBeInTheDocument();
  });

  it('shows small files in bytes and KB, not 0 MB', async () => {
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({
        data: project({
          grade_item: { ...project().grade_item, user_submission_status: 'SUBMITTED' },
          submission: {
            id_slug: 's1',
            file_name: 'counter.zip',
            size_bytes: 272,
            files: [{ path: 'rtl/counter.v', size: 3 * 1024 }],
            submitted_at: '2030-08-01T09:00:00.000Z',
            is_late: false,
            download_url: '/api/files/f1?sig=x',
          },
        }),
      }),
    });
    expect(await screen.findByText(/\(272 bytes\), handed in/)).toBeInTheDocument();
    expect(screen.getByText('(3 KB)')).toBeInTheDocument();
    expect(screen.queryByText(/0 MB/)).not.toBeInTheDocument();
  });

  it('tells a student with an extension their deadline, and what handing in late now costs', async () => {
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({
        data: project({
          grade_item: {
            ...project().grade_item,
            deadline_datetime: '2030-09-03T09:00:00.000Z',
            late_deadline_datetime: '2030-09-06T09:00:00.000Z',
            extension: { deadline_datetime: '2030-09-03T09:00:00.000Z', late_deadline_datetime: null, extra_attempts: 0 },
            late_policy: { late_penalty_per_day: 10, late_score_cap: null },
            submit_is_late: true,
          },
        }),
      }),
    });
    expect(await screen.findByText(/^Your deadline has been extended to /)).toHaveTextContent('2030');
    expect(screen.getByText('Submitted now, this will be marked late: −10% per day')).toBeInTheDocument();
  });

  it('shows a late grade with the grade before the penalty', async () => {
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({
        data: project({
          grade_item: { ...project().grade_item, can_submit: false, submission_status: 'locked', user_submission_status: 'GRADED' },
          result: { user_grade: 50, set_by_hand: false, original_grade: 80, days_late: 3, feedback: '', rubric_scores: [] },
        }),
      }),
    });
    expect(await screen.findByText('Grade: 50% (80% before the late penalty: 3 days late)')).toBeInTheDocument();
    expect(screen.queryByText(/Submitted now/)).not.toBeInTheDocument();
  });

  it('shows a grade set by the instructor as the grade, saying so', async () => {
    renderApp('/class/k1/course/course-1/lesson/l3/project/s1', {
      projectView: () => ({
        data: project({
          grade_item: { ...project().grade_item, can_submit: false, submission_status: 'locked', user_submission_status: 'GRADED' },
          result: { user_grade: 90, set_by_hand: true, original_grade: null, days_late: 3, feedback: '', rubric_scores: [] },
        }),
      }),
    });
    expect(await screen.findByText('Grade: 90% (grade set by your instructor)')).toBeInTheDocument();
    expect(screen.queryByText(/before the late penalty/)).not.toBeInTheDocument();
  });
});
