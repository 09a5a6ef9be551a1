import { act, fireEvent, screen } from '@testing-library/react';
import {
  APPLICATION_LINK_INVALID_MESSAGE,
  type ApplicantStatus,
  EMAIL_REQUIRED_MESSAGE,
  ERASURE_OFFER_OPEN_MESSAGE,
  ERASURE_REQUESTED_MESSAGE,
  STATUS_LINK_SENT_MESSAGE,
} from '@school/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply, type RouteCall, type RouteHandlers } from '@school/ui/testing';
import { locationRef, renderLoaded } from '../../test/render';
import { ApplicationStatusPage } from './application-status-page';
import { ApplicationsPage, applicationStatusCopy as c } from './applications-page';
import { erasureCopy } from './erasure-request';

const ID = '0123456789abcdef0123456789abcdef';
const TOKEN = 'A'.repeat(43);
const offered: ApplicantStatus = {
  id_slug: ID,
  programme: 'Youth Development Programme 2027',
  course: 'IC Design',
  status: 'OFFERED',
  submitted_at: '2027-01-05T08:00:00.000Z',
  timeline: [
    { status: 'SUBMITTED', at: '2027-01-05T08:00:00.000Z' },
    { status: 'SCREENED', at: '2027-01-06T08:00:00.000Z' },
    { status: 'OFFERED', at: '2027-01-20T08:00:00.000Z' },
  ],
  offer: {
    cohort_title: 'Youth Cohort 2027',
    start_date: '2027-03-01T00:00:00.000Z',
    end_date: '2027-08-31T00:00:00.000Z',
    // A week from now: the offer is open.
    accept_by: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    accept_by_text: 'Monday, 1 February 2027 at 07:59 (Malaysia time)',
    open: true,
  },
  erasure: null,
};

let calls: RouteCall[];
let answers: RouteHandlers;
beforeEach(() => {
  // A test changes an answer by replacing its handler here before the call is made.
  answers = {
    refresh: () => reply(401, { message: 'No session' }),
    applicantStatus: () => ({ data: offered }),
  };
  localStorage.clear();
  ({ calls } = mockRoutes(answers));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (url = `/applications/${ID}?token=${TOKEN}`) => renderLoaded(<ApplicationStatusPage />, { path: '/applications/:id', url });
const actionCalls = (what: string) => calls.filter((x) => x.path === `admissions/status/${ID}/${what}`);

describe('the applicant’s status page', () => {
  it('shows the state in plain words, the offer and the timeline, reading with the link’s token', async () => {
    await open();
    expect(await screen.findByText('Place offered.')).toBeTruthy();
    expect(screen.getByText('Youth Cohort 2027')).toBeTruthy();
    expect(screen.getByText(c.acceptBy)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Application received'),
      expect.stringContaining('Application checked'),
      expect.stringContaining('Place offered'),
    ]);
    expect(calls.find((x) => x.path === `admissions/status/${ID}`)?.body).toEqual({ token: TOKEN });
  });

  it('accepts the offer with one click', async () => {
    answers.applicantAcceptOffer = () => ({
      data: { ...offered, status: 'ENROLLED' },
      next: 'enrolled',
      message: 'You are enrolled. Sign in to find your class.',
    });
    await open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: c.accept })));
    expect(actionCalls('accept')).toHaveLength(1);
    expect(await screen.findByText('You are enrolled. Sign in to find your class.')).toBeTruthy();
    expect(screen.getByText('Enrolled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.accept })).toBeNull();
  });

  it('shows the accept-by moment as the server wrote it, in Malaysia time', async () => {
    await open();
    expect(await screen.findByText('Monday, 1 February 2027 at 07:59 (Malaysia time)')).toBeTruthy();
  });

  it('does not offer to accept once the server says the accept-by has passed', async () => {
    answers.applicantStatus = () => ({ data: { ...offered, offer: { ...offered.offer!, open: false } } });
    await open();
    expect(await screen.findByText(c.acceptByPassed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.accept })).toBeNull();
  });

  it('stops offering to accept the moment the accept-by passes, without a reload', async () => {
    answers.applicantStatus = () => ({
      data: { ...offered, offer: { ...offered.offer!, accept_by: new Date(Date.now() + 1500).toISOString() } },
    });
    await open();
    expect(await screen.findByRole('button', { name: c.accept })).toBeTruthy();
    expect(await screen.findByText(c.acceptByPassed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.accept })).toBeNull();
  });

  it('asks to confirm before declining, and declines only on the confirmation', async () => {
    answers.applicantDeclineOffer = () => ({ data: { ...offered, status: 'DECLINED', offer: null } });
    await open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: c.decline })));
    expect(actionCalls('decline')).toHaveLength(0);
    expect(screen.getByText(c.declineConfirm)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.keep })));
    expect(screen.getByRole('button', { name: c.accept })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.decline })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: c.declineYes })));
    expect(actionCalls('decline')).toHaveLength(1);
    expect(await screen.findByText('Offer declined.')).toBeTruthy();
  });

  it('asks the school to erase the data only once confirmed, then shows the request pending', async () => {
    const inReview: ApplicantStatus = { ...offered, status: 'IN_REVIEW', offer: null };
    answers.applicantStatus = () => ({ data: inReview });
    answers.applicantRequestErasure = () => ({
      data: { ...inReview, erasure: { status: 'PENDING', requested_at: '2027-01-21T08:00:00.000Z', decided_at: null, reason: '' } },
      message: ERASURE_REQUESTED_MESSAGE,
    });
    await open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: erasureCopy.ask })));
    expect(actionCalls('erasure')).toHaveLength(0);
    expect(screen.getByText(erasureCopy.confirm)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: erasureCopy.yes })));
    expect(actionCalls('erasure').map((x) => x.body)).toEqual([{ token: TOKEN }]);
    expect(await screen.findByText(ERASURE_REQUESTED_MESSAGE)).toBeTruthy();
    expect(screen.getByText(erasureCopy.pending('21 January 2027'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: erasureCopy.ask })).toBeNull();
  });

  it('explains why erasure cannot be asked while an offer is open', async () => {
    await open();
    expect(await screen.findByText(ERASURE_OFFER_OPEN_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: erasureCopy.ask })).toBeNull();
  });

  it('shows nothing but the invalid-link message for a wrong or missing token', async () => {
    answers.applicantStatus = () => reply(404, { message: APPLICATION_LINK_INVALID_MESSAGE });
    await open();
    expect(await screen.findByText(c.invalid)).toBeTruthy();
    expect(screen.queryByText('Youth Cohort 2027')).toBeNull();
    await open(`/applications/${ID}`);
    expect((await screen.findAllByText(c.invalid)).length).toBeGreaterThan(0);
  });

  it('sends an initiative’s slug to its programme page', async () => {
    await open('/applications/youth-programme-2027');
    expect(locationRef.current).toBe('/apply/youth-programme-2027');
  });
});

describe('/applications/', () => {
  it('tells the applicant to use the link in their confirmation email', async () => {
    await renderLoaded(<ApplicationsPage />, { path: '/applications', url: '/applications' });
    expect(screen.getByText(/open the private link in the confirmation email/)).toBeTruthy();
  });

  it('sends the status link again to the email given, and tells so whatever the answer would be', async () => {
    answers.applicantResendLink = () => reply(202, { message: STATUS_LINK_SENT_MESSAGE });
    await renderLoaded(<ApplicationsPage />, { path: '/applications', url: '/applications' });
    const email = screen.getByRole('textbox', { name: /Email/ });
    fireEvent.click(screen.getByRole('button', { name: c.resendButton }));
    expect(await screen.findByText(EMAIL_REQUIRED_MESSAGE)).toBeTruthy();
    expect(calls.some((x) => x.path === 'admissions/status-link')).toBe(false);
    fireEvent.change(email, { target: { value: 'farah@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: c.resendButton }));
    expect(await screen.findByText(STATUS_LINK_SENT_MESSAGE)).toBeTruthy();
    expect(calls.filter((x) => x.path === 'admissions/status-link').map((x) => x.body)).toEqual([{ email: 'farah@example.com' }]);
  });
});
