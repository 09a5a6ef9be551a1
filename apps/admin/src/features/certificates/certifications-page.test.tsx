import { type AdminCertificate, SCHOOL_NAME } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { CertificationsPage } from './certifications-page';

const PATH = '/admin/certifications';

const certificate = (id_slug: string, title: string, cohorts: AdminCertificate['cohorts']): AdminCertificate => ({
  id_slug,
  title,
  provider: [SCHOOL_NAME],
  created_date: '2026-09-01T09:00:00.000Z',
  cohorts_count: cohorts.length,
  issued_count: cohorts.reduce((n, k) => n + k.issued_count, 0),
  cohorts,
});

afterEach(() => vi.unstubAllGlobals());

describe('certifications page', () => {
  it('lists every certificate with the cohorts that award it (each a link) and the certificates issued', async () => {
    const { calls } = mockRoutes(
      {
        adminCertificateList: () => ({
          data: [
            certificate('c1', 'Lithography practitioner', [
              { id_slug: 'k2', title: 'Litho autumn 2026', issued_count: 0 },
              { id_slug: 'k1', title: 'Litho spring 2026', issued_count: 14 },
            ]),
          ],
          count: 11,
          num_pages: 2,
        }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CertificationsPage />, PATH, PATH);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Lithography practitioner');
    expect(within(row).getByRole('link', { name: 'Litho spring 2026' })).toHaveAttribute('href', '/admin/cohorts/k1?tab=3');
    expect(within(row).getByRole('link', { name: 'Litho autumn 2026' })).toHaveAttribute('href', '/admin/cohorts/k2?tab=3');
    expect(row).toHaveTextContent('Litho spring 2026 14 issued');
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('14');
    expect(screen.queryByText(/coming soon/)).not.toBeInTheDocument();
    expect(calls[0].query.get('page_size')).toBe('10');
  });

  it('asks the server for the page in the address', async () => {
    const { calls } = mockRoutes(
      {
        adminCertificateList: () => ({ data: [certificate('c3', 'Cleanroom safety', [])], count: 11, num_pages: 2 }),
      },
      { user: ADMIN },
    );
    renderWithApi(<CertificationsPage />, `${PATH}?page=2`, PATH);
    expect(await screen.findByText('Cleanroom safety')).toBeInTheDocument();
    expect(screen.getByText('No cohort yet')).toBeInTheDocument();
    expect(calls[0].query.get('page')).toBe('2');
  });

  it('says where certificates come from when there are none', async () => {
    mockRoutes({ adminCertificateList: () => ({ data: [], count: 0, num_pages: 0 }) }, { user: ADMIN });
    renderWithApi(<CertificationsPage />, PATH, PATH);
    expect(await screen.findByText("There are no certificates yet. Add one from a cohort's Certifications tab.")).toBeInTheDocument();
  });
});
