import { currentIntake, initiatives } from '@school/catalogue/data';
import { INTAKE_PATTERN } from '@school/contracts';
import { useSearchParams } from 'react-router-dom';

/** The intake in the address (`?intake=`) when it is one of the programme's, else the current one; and its setter. */
export function useIntakeParam(): [string, (intake: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('intake');
  const intake = asked && INTAKE_PATTERN.test(asked) && initiatives.some((i) => i.frontend_slug === asked) ? asked : currentIntake();
  const set = (next: string) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('intake', next);
        return p;
      },
      { replace: true },
    );
  return [intake, set];
}
