import type { FailedJobsResponse } from '@school/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { ADMIN, renderWithApi } from '../../test/api-harness';
import { FailedJobsPage } from './failed-jobs-page';

const PATH = '/admin/jobs/failed';

const answer: FailedJobsResponse = {
  results: [
    {
      id: '6f1c1e9e-0000-4000-8000-000000000001',
      name: 'send-mail',
      data: {},
      retry_count: 6,
      error: '550 5.1.1 mailbox unavailable',
      created_on: '2026-11-27T08:00:00.000Z',
      completed_on: '2026-11-27T14:00:00.000Z',
    },
  ],
  retrying: [
    {
      id: '6f1c1e9e-0000-4000-8000-000000000002',
      name: 'cohort-invitation',
      retry_count: 1,
      retry_limit: 6,
      error: '451 4.3.0 try again later',
      created_on: '2026-11-27T09:00:00.000Z',
      next_try_on: '2026-11-27T09:02:00.000Z',
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('failed jobs page', () => {
  it('lists the failed jobs with a Retry, and the jobs waiting to be tried again with their last error', async () => {
    mockRoutes({ adminFailedJobs: () => answer }, { user: ADMIN });
    renderWithApi(<FailedJobsPage />, PATH, PATH);
    const waiting = await screen.findByRole('region', { name: 'Waiting to retry' });
    const row = within(waiting).getAllByRole('row')[1];
    expect(row).toHaveTextContent('cohort-invitation');
    expect(row).toHaveTextContent('2 of 7');
    expect(row).toHaveTextContent('451 4.3.0 try again later');
    expect(screen.getByText('550 5.1.1 mailbox unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says when nothing waits for a retry', async () => {
    mockRoutes({ adminFailedJobs: () => ({ results: [], retrying: [] }) }, { user: ADMIN });
    renderWithApi(<FailedJobsPage />, PATH, PATH);
    expect(await screen.findByText('No job is waiting to be tried again.')).toBeInTheDocument();
    expect(screen.getByText('No job has failed.')).toBeInTheDocument();
  });
});
