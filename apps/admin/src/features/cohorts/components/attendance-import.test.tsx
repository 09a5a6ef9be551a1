import { ATTENDANCE_IMPORT_MESSAGES, type AttendanceImportPreview, type LiveSession, type RegisterResponse } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { AttendanceImport } from './attendance-import';

afterEach(() => vi.unstubAllGlobals());

const session: LiveSession = {
  id_slug: 's1',
  title: 'Wafer fab basics',
  starts_at: '2025-09-10T01:00:00.000Z',
  ends_at: '2025-09-10T02:00:00.000Z',
  duration_minutes: 60,
  mode: 'ONLINE',
  meeting_url: 'https://zoom.us/j/1',
  place: null,
  mandatory: true,
  cancelled_at: null,
  facilitators: [],
  attendance_threshold_percent: 75,
};

const row = (over: Partial<AttendanceImportPreview['rows'][number]>): AttendanceImportPreview['rows'][number] => ({
  key: '1',
  name: 'Ana Lee',
  email: null,
  minutes: 50,
  first_join_at: '2025-09-10T01:02:00.000Z',
  line: 2,
  trainee_id_slug: null,
  match: null,
  problem: null,
  candidates: [],
  ...over,
});

const PREVIEW: AttendanceImportPreview = {
  provider: 'ZOOM',
  provider_label: 'Zoom',
  rule: { starts_at: session.starts_at, duration_minutes: 60, threshold_percent: 75, threshold_minutes: 45, late_after_minutes: 10 },
  rows: [
    row({ key: '1', name: 'Ana Lee', email: 'ana@x.io', trainee_id_slug: 'ana', match: 'EMAIL' }),
    row({ key: '2', name: 'BEN ONG', minutes: 50, first_join_at: '2025-09-10T01:15:00.000Z', trainee_id_slug: 'ben', match: 'NAME' }),
    row({ key: '3', name: 'Guest 7', minutes: 48, line: 4, problem: 'NO_MATCH' }),
    row({ key: '4', name: 'Farid Teacher', minutes: 65, line: 5, problem: 'NO_MATCH' }),
    row({ key: '5', name: 'Eve Lim', minutes: 20, line: 6, trainee_id_slug: 'eve', match: 'EMAIL' }),
  ],
  trainees: [
    { id_slug: 'ana', first_name: 'Ana', last_name: 'Lee', current_status: null, protected: null },
    { id_slug: 'ben', first_name: 'Ben', last_name: 'Ong', current_status: null, protected: null },
    { id_slug: 'dee', first_name: 'Dee', last_name: 'Tan', current_status: null, protected: null },
    { id_slug: 'eve', first_name: 'Eve', last_name: 'Lim', current_status: 'EXCUSED', protected: 'EXCUSED' },
  ],
};
const EMPTY_REGISTER: RegisterResponse = { ended: true, month_closed: false, data: [] };

function school() {
  return mockRoutes(
    {
      adminPreviewAttendanceImport: (call) =>
        (call.body as FormData).get('file') instanceof File && ((call.body as FormData).get('file') as File).name === 'photo.png'
          ? reply(400, { message: ATTENDANCE_IMPORT_MESSAGES.notText, errors: { file: ATTENDANCE_IMPORT_MESSAGES.notText } })
          : PREVIEW,
      adminConfirmAttendanceImport: () => ({
        imported: 4,
        held: 0,
        unchanged: 0,
        skipped: [],
        register: EMPTY_REGISTER,
      }),
      adminSessionRegister: () => EMPTY_REGISTER,
    },
    { user: ADMIN },
  );
}

const csv = (name = 'participants.csv') => new File(['Name (Original Name),User Email,Duration (Minutes)\n'], name, { type: 'text/csv' });

describe('AttendanceImport', () => {
  it('says why a file is refused', async () => {
    const api = school();
    renderWithApi(<AttendanceImport cohortId="h1" session={session} />);
    await userEvent.upload(await screen.findByLabelText('Participant report (CSV)'), csv('photo.png'));
    await userEvent.click(screen.getByRole('button', { name: 'Read the report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTENDANCE_IMPORT_MESSAGES.notText);
    // A file over the limit is refused before it is sent.
    const calls = api.calls.length;
    await userEvent.upload(screen.getByLabelText('Participant report (CSV)'), new File(['a'.repeat(2 * 1024 * 1024 + 1)], 'big.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Read the report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ATTENDANCE_IMPORT_MESSAGES.tooLarge);
    expect(api.calls.length).toBe(calls);
  });

  it('previews each mark, resolves an unmatched row, ticks an excused mark to replace, confirms and says what happened', async () => {
    const api = school();
    renderWithApi(<AttendanceImport cohortId="h1" session={session} />);
    await userEvent.upload(await screen.findByLabelText('Participant report (CSV)'), csv());
    await userEvent.click(screen.getByRole('button', { name: 'Read the report' }));

    const table = await screen.findByRole('table', { name: 'Marks to import' });
    const markOf = (name: string) => within(within(table).getByRole('rowheader', { name }).closest('tr')!).getAllByRole('cell');
    expect(markOf('Ana Lee').map((c) => c.textContent)).toEqual(['50', 'Present', 'Not marked']);
    expect(markOf('Ben Ong')[1]).toHaveTextContent('Late');
    expect(
      markOf('Dee Tan')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['0', 'Absent']);
    expect(markOf('Eve Lim')[1]).toHaveTextContent('Absent');

    // "Guest 7" was Dee: her minutes now make her present. The host's row stays ignored.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Trainee for Guest 7 (line 4)' }), 'dee');
    expect(
      markOf('Dee Tan')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['48', 'Present']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Replace the excused mark of Eve Lim' }));

    await userEvent.click(screen.getByRole('button', { name: 'Import 4 marks' }));
    expect(await screen.findByText('4 marks imported; 1 row ignored.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'adminConfirmAttendanceImport')?.body).toEqual({
      provider: 'ZOOM',
      marks: [
        { user_id_slug: 'ana', minutes: 50, first_join_at: '2025-09-10T01:02:00.000Z' },
        { user_id_slug: 'ben', minutes: 50, first_join_at: '2025-09-10T01:15:00.000Z' },
        { user_id_slug: 'dee', minutes: 48, first_join_at: '2025-09-10T01:02:00.000Z' },
        { user_id_slug: 'eve', minutes: 20, first_join_at: '2025-09-10T01:02:00.000Z' },
      ],
      replace_user_id_slugs: ['eve'],
    });
    // Back to choosing a file.
    expect(screen.getByLabelText('Participant report (CSV)')).toBeInTheDocument();
  });
});
