import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APPLICATION_ALREADY_SUBMITTED_MESSAGE } from '@school/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockRoutes, reply, type RouteCall, type RouteHandlers } from '@school/ui/testing';
import { locationRef, renderAt } from '../../test/render';
import { ApplicationPage } from './application-page';
import { documentError } from './components/document-field';

const URL_BASE = '/apply/youth-programme-2027/application';
let calls: RouteCall[];
let answers: RouteHandlers;
beforeEach(() => {
  // A test changes an answer by replacing its handler here before the call is made.
  answers = {
    refresh: () => reply(401, { message: 'No session' }),
    uploadFile: () => reply(201, { url: '/api/files/abc?exp=1&dl=0&sig=s' }),
    submitApplication: () => reply(201, { message: 'Your application has been received.' }),
    visitorToken: () => ({ token: 'visitor-1', expires_in: 7200 }),
  };
  localStorage.clear();
  ({ calls } = mockRoutes(answers));
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const open = (query = '') => renderAt(<ApplicationPage />, { path: '/apply/:slug/application', url: URL_BASE + query });
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

const VALID: [string, string][] = [
  ['Full name', 'Farah binti Hassan'],
  ['Email', 'farah@example.com'],
  ['Age', '24'],
  ['Gender', 'Female'],
  ['Birth date', '14'],
  ['Birth month', 'March'],
  ['Birth year', '2001'],
  ['Ethnicity', 'Malay'],
  ['Marital status', 'Single'],
  ['Full address', '12 Jalan Bukit Jambul'],
  ['State', 'PENANG'],
  ['City', 'Bayan Lepas'],
  ['Postcode', '11900'],
  ['LinkedIn profile', 'https://www.linkedin.com/in/farah'],
  ['Phone number', '0123456789'],
  ['Highest qualification', 'Degree'],
  ['University name', 'Universiti Sains Malaysia'],
  ['Degree title', 'BEng Electronics'],
  ['Country of study', 'Malaysia'],
  ['Field of study', 'Physics'],
  ['Qualification type', 'Others'],
  ['Academic result', 'CGPA 3.6'],
  ['Graduation year', '2024'],
  ['English qualification', 'MUET'],
  ['English score', '4.5'],
  ['Previous employment', 'None'],
  ['Previous leadership', 'None'],
];

function fillValid() {
  for (const [label, value] of VALID) set(label, value);
  for (const question of [/Malaysian citizen/, /take part/, /laptop/, /relocate/]) {
    fireEvent.click(within(screen.getByRole('group', { name: question })).getByLabelText('Yes'));
  }
}

describe('programme application form', () => {
  it('presets the course from the query string', async () => {
    open('?course=Digital%20Design');
    await waitFor(() => expect(field('Course')).toHaveValue('Digital Design'));
    expect([...(field('Course') as unknown as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'Analog Design',
      'Digital Design',
      'Packaging',
    ]);
  });

  it('shows every required-field message on an empty submit', async () => {
    open();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit application' })));
    for (const message of [
      'Course is required',
      'Full name is required',
      'Email is required',
      'Age is required',
      'Birth year is required',
      'Birth month is required',
      'Birth date is required',
      'Gender is required',
      'Ethnicity is required',
      'Marital status is required',
      'Address is required',
      'State is required',
      'City is required',
      'Postcode is required',
      'LinkedIn profile is required',
      'Phone number is required',
      'Highest qualification is required',
      'University name is required',
      'Degree title is required',
      'Country of study is required',
      'Field of study is required',
      'Qualification type is required',
      'Academic result is required',
      'Graduation year is required',
      'English score is required',
      'Previous employment is required',
      'Previous leadership is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(calls.some((c) => c.name === 'submitApplication')).toBe(false);
  });

  it('lists the English scores of the chosen qualification, IELTS first and IB English 1 to 7', async () => {
    open();
    const scores = () => [...(field('English score') as unknown as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
    expect(field('English qualification')).toHaveValue('IELTS');
    expect(scores()).toEqual(['4.0', '4.5', '5.0', '5.5', '6.0', '6.5', '7.0', '7.5', '8.0', '8.5', '9.0']);
    await act(async () => set('English qualification', 'IB English'));
    expect(screen.getByRole('option', { name: 'IB English' })).toBeInTheDocument();
    expect(scores()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    await act(async () => set('English qualification', 'CEFR'));
    expect(scores()).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
  });

  it('refuses a document over 2.5 MB or not a PDF', () => {
    expect(documentError({ size: 2.5 * 1024 * 1024 + 1, type: 'application/pdf', name: 'cv.pdf' })).toBe(
      'File size must be less than 2.5MB',
    );
    expect(documentError({ size: 2.5 * 1024 * 1024, type: 'application/pdf', name: 'cv.pdf' })).toBeUndefined();
    expect(documentError({ size: 100, type: 'image/png', name: 'cv.png' })).toBe('Please choose a PDF file');
    open();
    const big = new File([new Uint8Array(2.5 * 1024 * 1024 + 1)], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(field('Resume'), { target: { files: [big] } });
    expect(screen.getByText('File size must be less than 2.5MB')).toBeInTheDocument();
  });

  it('uploads the resume, submits every field, shows Submitting... and goes to the thank-you page', async () => {
    open('?course=Packaging');
    await waitFor(() => expect(field('Course')).toHaveValue('Packaging'));
    fillValid();
    const resume = new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });
    fireEvent.change(field('Resume'), { target: { files: [resume] } });
    // This browser already holds its visitor token (fetched with an earlier form).
    localStorage.setItem('school_visitor_token', JSON.stringify({ token: 'visitor-1', expires_at: Date.now() + 3_600_000 }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const uploaded = answers.uploadFile!;
    answers.uploadFile = async (call) => (await gate, uploaded(call));
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(locationRef.current).toBe('/apply/thank-you'));
    const upload = calls.find((c) => c.name === 'uploadFile')!;
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    // Both count against this visitor's limit, not the whole network address's.
    expect(upload.headers.get('X-Visitor-Token')).toBe('visitor-1');
    const submit = calls.find((c) => c.name === 'submitApplication')!;
    expect(submit.headers.get('X-Visitor-Token')).toBe('visitor-1');
    const body = submit.body;
    expect(body).toMatchObject({
      course: 'Packaging',
      full_name: 'Farah binti Hassan',
      state: 'PENANG',
      english_qualification: 'MUET',
      english_score: '4.5',
      is_citizen: 'true',
      can_participate: 'true',
      resume: '/api/files/abc?exp=1&dl=0&sig=s',
      transcript: '',
    });
  });

  it('submits with an empty URL when an upload fails, and alerts when the submission fails', async () => {
    answers.uploadFile = () => reply(400, { message: 'Please upload a PDF file' });
    answers.submitApplication = () => reply(500, { message: 'Internal server error' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('?course=Packaging');
    await waitFor(() => expect(field('Course')).toHaveValue('Packaging'));
    fillValid();
    fireEvent.change(field('Academic transcript'), { target: { files: [new File(['x'], 't.pdf', { type: 'application/pdf' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit application' })));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Uh oh... something went wrong. Please try again later.'));
    const submit = calls.find((c) => c.name === 'submitApplication')!;
    expect((submit.body as { transcript: string }).transcript).toBe('');
    expect(locationRef.current).toBe('/apply/youth-programme-2027/application?course=Packaging');
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  });

  it('alerts how long to wait when the submission limit refuses an upload, and sends nothing without the document', async () => {
    const message = 'Too many submissions from your network. Please try again in 7 minutes.';
    answers.uploadFile = () => reply(429, { message, errors: [{ message }] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    open('?course=Packaging');
    await waitFor(() => expect(field('Course')).toHaveValue('Packaging'));
    fillValid();
    fireEvent.change(field('Resume'), { target: { files: [new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit application' })));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(message));
    expect(calls.some((c) => c.name === 'submitApplication')).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  });

  it('shows on the email field that this email has already applied', async () => {
    const message = APPLICATION_ALREADY_SUBMITTED_MESSAGE;
    answers.submitApplication = () => reply(409, { message, errors: { email: message } });
    open('?course=Packaging');
    await waitFor(() => expect(field('Course')).toHaveValue('Packaging'));
    fillValid();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit application' })));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(message);
    expect(window.alert).not.toHaveBeenCalled();
    expect(locationRef.current).toBe('/apply/youth-programme-2027/application?course=Packaging');
  });
});
