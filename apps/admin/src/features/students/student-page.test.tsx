import { FINANCE_MESSAGES } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { StudentPage } from './student-page';

afterEach(() => vi.unstubAllGlobals());

const student = { id_slug: 's1', first_name: 'Aisyah', last_name: 'Rahman', email: 's1@example.com' };
const details = { id_number: '990101145678', bank_name: 'Maybank', account_number: '514012345678', account_holder: 'Aisyah Rahman' };

function setup(finance: boolean) {
  const api = mockRoutes(
    {
      check: () => ({ user: ADMIN, finance }),
      adminStudentSummary: () => ({ student }),
      adminStudentPaymentDetails: () => ({ details, updated_at: '2026-11-01T00:00:00Z' }),
    },
    { user: ADMIN },
  );
  renderWithApi(
    <Routes>
      <Route path="/admin/students/:id" element={<StudentPage />} />
    </Routes>,
    '/admin/students/s1',
  );
  return api;
}

describe('StudentPage payment details', () => {
  it('shows finance staff the details in full', async () => {
    setup(true);
    const panel = await screen.findByRole('region', { name: 'Allowance payment details' });
    expect(await within(panel).findByText('514012345678')).toBeInTheDocument();
    expect(within(panel).getByText('990101145678')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Access log' })).toHaveAttribute('href', expect.stringContaining('/admin/audit-log?'));
  });

  it('shows other admins no panel and never asks for the details', async () => {
    const api = setup(false);
    expect(await screen.findByText(FINANCE_MESSAGES.forbidden)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Aisyah Rahman' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Allowance payment details' })).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.name)).not.toContain('adminStudentPaymentDetails');
  });
});
