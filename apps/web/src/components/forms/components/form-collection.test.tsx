import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form';
import { CourseInterestForm } from './course-interest-form';

const fill = () => {
  for (const [label, value] of [
    ['First name', 'Aina'],
    ['Last name', 'Zul'],
    ['Email', 'aina@example.com'],
    ['Phone', '0123'],
    ['Message', 'Hello'],
  ]) {
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
  }
};
const submit = () => fireEvent.submit(screen.getByRole('form', { name: 'Contact form' }));

/** The form posts (the visitor token's own call is answered apart, like the server would). */
let fetchMock: ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;
let tokenCalls = 0;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  tokenCalls = 0;
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    if (url !== '/api/forms/visitor-token/') return fetchMock(url, init);
    tokenCalls++;
    return Promise.resolve(new Response(JSON.stringify({ token: 'visitor-1', expires_in: 7200 }), { status: 200 }));
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('contact form', () => {
  it('posts multipart form data asking for JSON, shows Submitting..., then the thank-you for 5 seconds', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    render(<ContactForm />);
    fill();
    submit();
    const button = screen.getByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/forms/contact/');
    // The visitor token makes the limit count this visitor, not everyone behind the same address.
    expect(init.headers).toEqual({ Accept: 'application/json', 'X-Visitor-Token': 'visitor-1' });
    expect(Object.fromEntries(init.body as FormData)).toEqual({
      firstName: 'Aina',
      lastName: 'Zul',
      email: 'aina@example.com',
      phone: '0123',
      message: 'Hello',
    });
    await act(async () => resolve(new Response('{"ok":true}', { status: 200 })));
    expect(await screen.findByText("Thanks! We'll get back to you soon.")).toBeInTheDocument();
    expect(document.querySelector('form')).not.toBeVisible();
    act(() => vi.advanceTimersByTime(4800));
    expect(screen.getByText("Thanks! We'll get back to you soon.")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Thanks! We'll get back to you soon.")).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Contact form' })).toBeVisible();
    expect(screen.getByLabelText('First name', { exact: false })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('shows the errors array joined with a comma and a space in place of the form', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ errors: [{ message: 'Email is required' }, { message: 'Phone is required' }] }), { status: 400 }),
    );
    render(<ContactForm />);
    fill();
    await act(async () => submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Email is required, Phone is required');
    expect(document.querySelector('form')).not.toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('First name', { exact: false })).toHaveValue('Aina');
  });

  it('falls back to the generic message, and shows a network failure as it is', async () => {
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    render(<ContactForm />);
    fill();
    await act(async () => submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Uh oh! There was a problem submitting your form.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch'));
  });

  it('asks the browser to check all five fields, email and telephone typed', () => {
    render(<ContactForm />);
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Message']) {
      expect(screen.getByLabelText(label, { exact: false })).toBeRequired();
    }
    expect(screen.getByLabelText('Email', { exact: false })).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone', { exact: false })).toHaveAttribute('type', 'tel');
  });
});

describe('visitor token', () => {
  it('is fetched once and reused for the next forms', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    render(<ContactForm />);
    for (let i = 0; i < 2; i++) {
      fill();
      await act(async () => submit());
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(i + 1));
      await screen.findByText("Thanks! We'll get back to you soon.");
      act(() => vi.advanceTimersByTime(5000));
    }
    expect(tokenCalls).toBe(1);
    expect(fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['X-Visitor-Token'])).toEqual([
      'visitor-1',
      'visitor-1',
    ]);
  });

  it("shows the server's refusal with the wait in minutes", async () => {
    const message = 'Too many submissions from your network. Please try again in 7 minutes.';
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message, errors: [{ message }] }), { status: 429, headers: { 'Retry-After': '400' } }),
    );
    render(<ContactForm />);
    fill();
    await act(async () => submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
  });
});

describe('course interest form', () => {
  it('sends the names, email and the hidden course title', async () => {
    fetchMock.mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    render(<CourseInterestForm courseTitle="Wafer Fabrication Processes" />);
    fireEvent.change(screen.getByLabelText('First name', { exact: false }), { target: { value: 'Kumar' } });
    fireEvent.change(screen.getByLabelText('Last name', { exact: false }), { target: { value: 'Raj' } });
    fireEvent.change(screen.getByLabelText('Email', { exact: false }), { target: { value: 'k@example.com' } });
    await act(async () => fireEvent.submit(screen.getByRole('form', { name: 'Course interest form' })));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/forms/course-interest/');
    expect(Object.fromEntries(init.body as FormData)).toEqual({
      course: 'Wafer Fabrication Processes',
      firstName: 'Kumar',
      lastName: 'Raj',
      email: 'k@example.com',
    });
    expect(screen.queryByLabelText('Phone', { exact: false })).not.toBeInTheDocument();
  });
});
