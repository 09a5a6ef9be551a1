import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RouteHandler, mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { AddStudentPage } from './add-student-page';

afterEach(() => vi.unstubAllGlobals());

const summary = {
  total_processed: 3,
  successfully_added_to_cohort: 1,
  added_to_queue: 1,
  already_in_cohort: 0,
  already_in_queue: 0,
  errors: 1,
  queued_students: [{ email: 'new@x.io', first_name: 'New', last_name: 'Person' }],
  error_students: [{ email: 'bad', first_name: 'Bad', last_name: 'Row', reason: 'Invalid email format' }],
};

function setup(bulk: RouteHandler<'adminAddStudentBulk'> = () => summary) {
  const api = mockRoutes(
    {
      adminStudentList: () => ({ data: [], count: 0, num_pages: 0 }),
      adminAddStudentBulk: bulk,
    },
    { user: ADMIN },
  );
  renderWithApi(
    <Routes>
      <Route path="/admin/cohorts/:id/add-student" element={<AddStudentPage />} />
    </Routes>,
    '/admin/cohorts/h1/add-student?title=Cohort%201',
  );
  return api;
}

const csv = (text: string) => new File([text], 'students.csv', { type: 'text/csv' });
const upload = async (text: string) => {
  await userEvent.upload(screen.getByLabelText('CSV file'), csv(text));
  await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
};

describe('AddStudentPage CSV upload', () => {
  it('posts the rows of the CSV and shows the summary with queued and error students', async () => {
    const api = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add students to Cohort 1' })).toBeInTheDocument();
    await upload('Email,First name,Last name\nold@x.io,Old,One\nnew@x.io,New,Person\nbad,Bad,Row\n');
    expect(await screen.findByRole('heading', { name: 'Upload summary' })).toBeInTheDocument();
    expect(
      screen.getByText('Students uploaded: 1 student added to the cohort, 1 person queued until they sign up, 1 row not added.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      students: [
        { email: 'old@x.io', first_name: 'Old', last_name: 'One' },
        { email: 'new@x.io', first_name: 'New', last_name: 'Person' },
        { email: 'bad', first_name: 'Bad', last_name: 'Row' },
      ],
    });
    expect(screen.getByText('Queued students, without an account yet (1)')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'new@x.io' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Invalid email format' })).toBeInTheDocument();
  });

  it('refuses a file with a header and no rows before any call', async () => {
    const api = setup();
    await screen.findByLabelText('CSV file');
    await upload('Email,First name,Last name\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('There are no students uploaded! Please try again...');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a file without an email column', async () => {
    setup();
    await screen.findByLabelText('CSV file');
    await upload('Name,Phone\nA,1\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong with the file... Please try again.');
  });

  it('says the upload failed when the server fails', async () => {
    setup(() => reply(500, { message: 'boom' }));
    await screen.findByLabelText('CSV file');
    await upload('email\na@x.io\n');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong with the file upload... Please try again.');
  });
});

describe('AddStudentPage CSV upload of the applications export', () => {
  it('splits full_name into first and last names and shows the columns read and each split', async () => {
    const api = setup();
    await screen.findByLabelText('CSV file');
    await upload(
      '"created_date","course","email","full_name"\n' +
        '"2025-07-01","Digital Design","aisyah@example.com","Nur Aisyah binti Ahmad"\n' +
        '"2025-07-02","Packaging","meiling@example.com","Tan Mei Ling"\n',
    );
    expect(await screen.findByRole('heading', { name: 'Columns read' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      students: [
        { email: 'aisyah@example.com', first_name: 'Nur Aisyah', last_name: 'binti Ahmad' },
        { email: 'meiling@example.com', first_name: 'Mei Ling', last_name: 'Tan' },
      ],
    });
    expect(screen.getByText('Email: "email"')).toBeInTheDocument();
    expect(screen.getByText('First and last name: split from "full_name"')).toBeInTheDocument();
    expect(screen.getByText('How full names were split (2)')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows).toContain('Nur Aisyah binti AhmadNur Aisyahbinti Ahmadbin/binti, a/l, a/p or anak kept with the last name');
    expect(rows).toContain('Tan Mei LingMei LingTanfamily name written first');
  });
});

describe('AddStudentPage add by email', () => {
  const queued = { ...summary, total_processed: 1, successfully_added_to_cohort: 0, errors: 0, error_students: [] };
  function setupEmail(add: RouteHandler<'adminAddStudent'>) {
    const api = mockRoutes(
      {
        adminStudentList: () => ({ data: [], count: 0, num_pages: 0 }),
        adminAddStudent: add,
      },
      { user: ADMIN },
    );
    renderWithApi(
      <Routes>
        <Route path="/admin/cohorts/:id/add-student" element={<AddStudentPage />} />
      </Routes>,
      '/admin/cohorts/h1/add-student?title=Cohort%201',
    );
    return api;
  }
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add by email' }));

  it('sends the email and the name given, and says the invitation is sent', async () => {
    const api = setupEmail(() => queued);
    await userEvent.type(await screen.findByLabelText(/^Email/), ' New@X.io ');
    await userEvent.type(screen.getByLabelText('First name (optional)'), 'New');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to new@x.io. They join the cohort when they sign up.');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'new@x.io', first_name: 'New' });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('');
  });

  it('an email with a student account answers that the student is added', async () => {
    setupEmail(() => ({ ...queued, successfully_added_to_cohort: 1, added_to_queue: 0, queued_students: [] }));
    await userEvent.type(await screen.findByLabelText(/^Email/), 'old@x.io');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Success! Student is added to the cohort!');
  });

  it('checks the email before any call, and shows the reason a refused email is refused', async () => {
    const api = setupEmail(() => reply(409, { message: "This email is already in the cohort's queue" }));
    await screen.findByLabelText(/^Email/);
    await submit();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Email/), 'q@x.io');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent("This email is already in the cohort's queue");
  });
});
