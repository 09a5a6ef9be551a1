import { FORM_THANK_YOU_DURATION_MS } from '@school/contracts';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { postForm } from './api/post-form';

export type FormCollectionState =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'success' }
  | { status: 'error'; message: string };

/**
 * The life of a contact or course-interest form: idle, submitting, then either a thank-you
 * (the form is cleared and comes back after 5 seconds) or the error message in its place.
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
        await postForm(endpoint, new FormData(form));
        form.reset();
        setState({ status: 'success' });
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setState({ status: 'idle' }), FORM_THANK_YOU_DURATION_MS);
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
