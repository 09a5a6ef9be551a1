import { Button } from '@school/ui';
import type { ReactNode } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import { useFormCollection } from '../use-form-collection';
import '../forms.css';

export interface FormCollectionProps {
  endpoint: string;
  /** Accessible name of the form. */
  label: string;
  submitLabel?: string;
  children: ReactNode;
}

/**
 * A form posted to the form collection. The form stays mounted (hidden) while the thank-you
 * or the error shows, so a failed submission keeps what the visitor typed.
 */
export function FormCollection({ endpoint, label, submitLabel = 'Submit', children }: FormCollectionProps) {
  const { state, onSubmit, reset } = useFormCollection(endpoint);
  // Until hydration a click would submit the prerendered form natively; wait for the script.
  const hydrated = useHydrated();
  const submitting = state.status === 'submitting';
  return (
    <div className="site-form-collection">
      <div aria-live="polite" className="site-form-collection__status">
        {state.status === 'success' && <p className="site-form-collection__thanks">{state.message}</p>}
      </div>
      {state.status === 'error' && (
        <div className="site-form-collection__error" role="alert">
          <p>{state.message}</p>
          <Button type="button" variant="secondary" onClick={reset}>
            Try again
          </Button>
        </div>
      )}
      <form
        method="post"
        className="site-form-collection__form"
        aria-label={label}
        onSubmit={onSubmit}
        hidden={state.status === 'success' || state.status === 'error'}
      >
        {/* Fields wait for the script: typed before hydration, the form would not see them. */}
        <fieldset className="site-form-fieldset" disabled={!hydrated}>
          {children}
          <Button type="submit" disabled={!hydrated || submitting}>
            {submitting ? 'Submitting...' : submitLabel}
          </Button>
        </fieldset>
      </form>
    </div>
  );
}
