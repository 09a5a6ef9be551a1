import { screen, within } from '@testing-library/react';
import { reply } from '@school/ui/testing';
import { renderApp } from '../../test/render-app';
import userEvent from '@testing-library/user-event';
import type { UserCohortEntry } from '@school/contracts';
import { COHORTS_LOAD_FAILED_MESSAGE, NO_COHORTS_MESSAGE } from './dashboard-page';

const entry = (id: string, title: string, latest = false, end_access_date = '2099-03-01T00:00:00Z'): UserCohortEntry => ({
  cohort_part: { id_slug: id, title, start_date: '2026-09-01T00:00:00Z', end_date: '2026-12-01T00:00:00Z', end_access_date },
  latest_lesson_part: latest
    ? {
        lesson_id: 'l1',
        lesson_title: 'The design flow',
        lesson_type: 'VIDEO',
        completed_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        course_info: { course_id_slug: 'c1', course_title: 'Digital IC Design' },
      }
    : null,
});

afterEach(() => vi.unstubAllGlobals());

describe('/student', () => {
  it('greets the student and shows one class card that opens /class/{idSlug}', async () => {
    const { calls } = renderApp('/student', {
      userCohorts: () => ({ data: [entry('k1', 'Analog Track', true)] }),
    });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Aisyah' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Analog Track' });
    expect(link).toHaveAttribute('href', '/class/k1');
    expect(screen.getByText('1 September 2026 to 1 December 2026')).toBeInTheDocument();
    expect(screen.getByText('The design flow')).toBeInTheDocument();
    expect(screen.getByText(/Video lecture · Digital IC Design · 3 h ago/)).toBeInTheDocument();
    expect(document.querySelector('[aria-roledescription="carousel"]')).toBeNull(); // no slider for one class
    expect(calls.some((c) => c.path === 'user-cohorts/user/u1')).toBe(true);
  });

  it('shows a slider when there is more than one class', async () => {
    renderApp('/student', {
      userCohorts: () => ({
        data: [entry('k1', 'Cohort One'), entry('k2', 'Cohort Two'), entry('k3', 'Cohort Three'), entry('k4', 'Cohort Four')],
      }),
    });
    await screen.findAllByRole('link', { name: /Cohort/, hidden: true });
    const slider = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
    expect(slider).toHaveAccessibleName('My classes');
    expect(within(slider).getAllByRole('link', { hidden: true })).toHaveLength(4);
  });

  it('offers Apply now when the student has no class', async () => {
    renderApp('/student', { userCohorts: () => ({ data: [] }) });
    expect(await screen.findByText(NO_COHORTS_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply now' })).toHaveAttribute('href', '/apply');
  });

  it('says a failed load failed, not that the student has no class, and loads again on Retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    renderApp('/student', {
      userCohorts: () => (fail ? reply(500, { message: 'Internal server error' }) : { data: [entry('k1', 'Analog Track')] }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(COHORTS_LOAD_FAILED_MESSAGE);
    expect(screen.queryByText(NO_COHORTS_MESSAGE)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply now' })).toBeNull();
    expect(error).toHaveBeenCalled();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Analog Track' })).toHaveAttribute('href', '/class/k1');
    error.mockRestore();
  });

  it('keeps a class whose access has ended listed, marked as ended', async () => {
    renderApp('/student', {
      userCohorts: () => ({ data: [entry('k9', 'Old Cohort', false, '2026-01-01T00:00:00Z')] }),
    });
    expect(await screen.findByRole('link', { name: 'Old Cohort' })).toHaveAttribute('href', '/class/k9');
    expect(screen.getByText('Ended · grades and certificates')).toBeInTheDocument();
  });
});

describe('/student: an unconfirmed email', () => {
  it('says classes wait for the confirmation, and sends the link again', async () => {
    const { calls } = renderApp('/student', {
      userCohorts: () => ({ data: [] }),
      emailVerificationStatus: () => ({ email: 'aisyah@example.com', verified: false }),
      emailVerificationResend: () => ({ message: 'We sent a new confirmation link to aisyah@example.com.' }),
    });
    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByText(/Classes you were invited to appear once it is confirmed/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new confirmation link to aisyah@example.com.');
    expect(calls.some((c) => c.method === 'POST' && c.path === 'auth/account/verify-email/resend')).toBe(true);
  });

  it('says nothing once the email is confirmed', async () => {
    renderApp('/student', {
      userCohorts: () => ({ data: [] }),
      emailVerificationStatus: () => ({ email: 'aisyah@example.com', verified: true }),
    });
    expect(await screen.findByText(NO_COHORTS_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Confirm your email' })).toBeNull();
  });

  it('shows the reason a resend was refused', async () => {
    renderApp('/student', {
      userCohorts: () => ({ data: [] }),
      emailVerificationStatus: () => ({ email: 'aisyah@example.com', verified: false }),
      emailVerificationResend: () => reply(429, { message: 'Too many confirmation emails. Please try again in 40 minutes.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many confirmation emails. Please try again in 40 minutes.');
  });
});

describe('/student on-the-job training', () => {
  it('shows the placement: host, site, dates, hours target and the supervisor to call', async () => {
    renderApp('/student', {
      userCohorts: () => ({ data: [entry('k1', 'Analog Track')] }),
      myPlacements: () => ({
        data: [
          {
            id_slug: 'p1',
            trainee: { id_slug: 'u1', first_name: 'Aisyah', last_name: 'Rahman', email: 'aisyah@example.com' },
            host_company: { id_slug: 'h1', name: 'Kulim Wafer Sdn Bhd', registration_number: '2020-1' },
            site: 'Fab 2',
            site_address: 'Kulim Hi-Tech Park',
            supervisor_name: 'Encik Rahman',
            supervisor_email: 'rahman@example.com',
            supervisor_phone: '+60 4-123 4567',
            weekly_hours_target: 40,
            coach: null,
            starts_on: '2027-06-28',
            ends_on: '2027-10-17',
            hours_logged: 0,
            hours_due: 0,
            breaks: [
              {
                id_slug: 'b1',
                starts_on: '2027-07-05',
                ends_on: '2027-07-09',
                days: 5,
                withdrawn: false,
                reason: 'HOST_SHUTDOWN',
                note: '',
                recorded_ends_on: '2027-07-09',
                recorded_by: 'Chong Coach',
                recorded_at: '2027-07-01T02:00:00.000Z',
                corrections: [],
              },
            ],
          },
        ],
      }),
    });
    const card = await screen.findByRole('article', { name: 'Placement with Kulim Wafer Sdn Bhd' });
    expect(within(card).getByText('28 June 2027 to 17 October 2027')).toBeInTheDocument();
    expect(within(card).getByText('40 hours a week')).toBeInTheDocument();
    expect(within(card).getByText('Host shutdown: 5 July 2027 to 9 July 2027 (5 days)')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '+60 4-123 4567' })).toHaveAttribute('href', 'tel:+6041234567');
  });

  it('shows nothing of it before the student is placed', async () => {
    renderApp('/student', { userCohorts: () => ({ data: [entry('k1', 'Analog Track')] }) });
    await screen.findByRole('link', { name: 'Analog Track' });
    expect(screen.queryByRole('heading', { name: 'On-the-job training' })).toBeNull();
  });
});
