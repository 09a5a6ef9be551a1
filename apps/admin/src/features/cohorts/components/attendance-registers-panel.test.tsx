import { type AttendanceCorrection, type AttendanceRegister, type AttendanceRegistersResponse, REGISTER_MESSAGES } from '@school/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../../test/api-harness';
import { AttendanceRegistersPanel, lastMonthInMalaysia, monthName } from './attendance-registers-panel';

afterEach(() => vi.unstubAllGlobals());

const ready: AttendanceRegister = {
  id_slug: 'r1',
  month: '2026-09',
  state: 'READY',
  final: true,
  requested_by: 'Farid Tan',
  requested_at: '2026-10-02T01:00:00.000Z',
  finished_at: '2026-10-02T01:00:05.000Z',
  error: null,
  csv_url: '/api/files/c1?exp=1&dl=1&sig=x',
  pdf_url: '/api/files/p1?exp=1&dl=1&sig=y',
};

const correction = (over: Partial<AttendanceCorrection>): AttendanceCorrection => ({
  id_slug: 'k1',
  state: 'PENDING',
  session_id_slug: 's1',
  session_title: 'Cleanroom visit',
  session_starts_at: '2026-09-03T02:00:00.000Z',
  trainee: { id_slug: 'u9', first_name: 'Ben', last_name: 'Ong' },
  current_status: 'ABSENT',
  status: 'PRESENT',
  reason: 'Signed the paper sheet',
  requested_by: 'Farid Tan',
  requested_at: '2026-10-03T01:00:00.000Z',
  mine: false,
  decided_by: null,
  decided_at: null,
  ...over,
});

/** An API keeping the cohort's registers and corrections as the server would. */
function school(initial: { registers?: AttendanceRegister[]; corrections?: AttendanceCorrection[] } = {}) {
  let list: AttendanceRegistersResponse = { data: initial.registers ?? [], closed_months: [] };
  let pending = initial.corrections ?? [];
  return mockRoutes(
    {
      adminAttendanceRegisters: () => list,
      adminAttendanceCorrections: () => ({ data: pending }),
      adminRequestAttendanceRegister: (call) => {
        const month = (call.body as { month: string }).month;
        const queued: AttendanceRegister = { ...ready, id_slug: 'r2', month, state: 'QUEUED', final: false, csv_url: null, pdf_url: null };
        list = { ...list, data: [queued, ...list.data] };
        return reply(201, queued);
      },
      adminCloseAttendanceMonth: (call) => {
        const closure = { month: String(call.params.month), closed_by: 'Nadia Hassan', closed_at: '2026-10-05T00:00:00.000Z' };
        list = { ...list, closed_months: [closure] };
        return reply(201, closure);
      },
      adminApproveAttendanceCorrection: (call) => {
        const c = pending.find((x) => x.id_slug === call.params.correctionId)!;
        if (c.mine) return reply(403, { message: REGISTER_MESSAGES.ownCorrection });
        pending = pending.filter((x) => x !== c);
        return { ...c, state: 'APPROVED', current_status: c.status, decided_by: 'Nadia Hassan', decided_at: '2026-10-05T00:00:00.000Z' };
      },
      adminRefuseAttendanceCorrection: (call) => {
        const c = pending.find((x) => x.id_slug === call.params.correctionId)!;
        pending = pending.filter((x) => x !== c);
        return { ...c, state: 'REFUSED', decided_by: 'Nadia Hassan', decided_at: '2026-10-05T00:00:00.000Z' };
      },
    },
    { user: ADMIN },
  );
}

describe('AttendanceRegistersPanel', () => {
  it('lists the registers with their state and download links, and asks for last month by default', async () => {
    const api = school({ registers: [ready] });
    renderWithApi(<AttendanceRegistersPanel cohortId="h1" />);
    const list = await screen.findByRole('list', { name: 'Registers' });
    expect(list).toHaveTextContent('September 2026 · Final · Ready');
    expect(within(list).getByRole('link', { name: 'Download the CSV of September 2026' })).toHaveAttribute('href', ready.csv_url);
    expect(within(list).getByRole('link', { name: 'Download the PDF of September 2026' })).toHaveAttribute('href', ready.pdf_url);

    const month = within(screen.getByRole('form', { name: 'Request a register' })).getByLabelText(/^Month/);
    expect(month).toHaveValue(lastMonthInMalaysia());
    await userEvent.click(screen.getByRole('button', { name: 'Prepare register (CSV and PDF)' }));
    expect(await screen.findByText(`The register of ${monthName(lastMonthInMalaysia())} is being prepared.`)).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('list', { name: 'Registers' })).toHaveTextContent(`${monthName(lastMonthInMalaysia())} · Draft · Queued`),
    );
    expect(api.calls.find((c) => c.name === 'adminRequestAttendanceRegister')?.body).toEqual({ month: lastMonthInMalaysia() });
  });

  it('lets an admin close the chosen month after confirming', async () => {
    const api = school();
    renderWithApi(<AttendanceRegistersPanel cohortId="h1" />);
    const month = within(await screen.findByRole('form', { name: 'Request a register' })).getByLabelText(/^Month/);
    fireEvent.change(month, { target: { value: '2026-09' } });
    await userEvent.click(screen.getByRole('button', { name: 'Close month' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close September 2026?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close month' }));
    expect(await screen.findByText('September 2026 is closed. Registers produced from now on read Final.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'adminCloseAttendanceMonth')?.params).toEqual({ cohortId: 'h1', month: '2026-09' });
    expect(await screen.findByText('Closed by Nadia Hassan: its registers read Final.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close month' })).not.toBeInTheDocument();
  });

  it('shows pending corrections: approve or refuse those of others, none of your own', async () => {
    const api = school({
      corrections: [
        correction({}),
        correction({ id_slug: 'k2', trainee: { id_slug: 'u8', first_name: 'Ana', last_name: 'Lee' }, mine: true }),
      ],
    });
    renderWithApi(<AttendanceRegistersPanel cohortId="h1" />);
    const list = await screen.findByRole('list', { name: 'Corrections' });
    expect(list).toHaveTextContent('Ben Ong, Cleanroom visit');
    expect(list).toHaveTextContent('Absent → Present');
    expect(list).toHaveTextContent('“Signed the paper sheet”, asked by Farid Tan');
    expect(list).toHaveTextContent('You asked for this change: a second staff member decides it.');
    expect(within(list).queryByRole('button', { name: 'Approve the change for Ana Lee' })).not.toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Approve the change for Ben Ong' }));
    expect(await screen.findByText('Ben Ong is now marked present on Cleanroom visit.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.name === 'adminApproveAttendanceCorrection')?.params).toEqual({ cohortId: 'h1', correctionId: 'k1' });
    await vi.waitFor(() => expect(screen.getByRole('list', { name: 'Corrections' })).not.toHaveTextContent('Ben Ong'));
  });

  it('refuses a correction, leaving the mark as it was', async () => {
    school({ corrections: [correction({})] });
    renderWithApi(<AttendanceRegistersPanel cohortId="h1" />);
    const list = await screen.findByRole('list', { name: 'Corrections' });
    await userEvent.click(within(list).getByRole('button', { name: 'Refuse the change for Ben Ong' }));
    expect(await screen.findByText("The change to Ben Ong's mark is refused; the mark stays as it was.")).toBeInTheDocument();
    expect(await screen.findByText('No correction is waiting.')).toBeInTheDocument();
  });
});
