import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';

/** How long the thank-you message replaces the form (FORM_THANK_YOU_DURATION_MS in the contracts). */
export const THANK_YOU_DURATION_MS = 5000;

export type FormCollectionState =
  { status: 'idle' } | { status: 'submitting' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/**
 * The life of a contact or course-interest form: idle, submitting, then either a thank-you
 * (the form is cleared and comes back after 5 seconds) or the error message in its place.
 * The posting code (with the contracts and their schema library) loads on the first submit,
 * so the pages that show these forms stay light.
 */
export function useFormCollection(endpoint: string) {
  const [state, setState] = useState<FormCollectionState>({ status: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      setState({ status: 'submitting' });
      try {
        const { postForm } = await import('./api/post-form');
        const message = await postForm(endpoint, new FormData(form));
        form.reset();
        setState({ status: 'success', message });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setState({ status: 'idle' }), THANK_YOU_DURATION_MS);
      } catch (e) {
        // Network failures show their own message ('Failed to fetch'...), refusals the server's.
        setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    },
    [endpoint],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, onSubmit, reset };
}
