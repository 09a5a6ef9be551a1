import { initiatives, isApplicationOpen } from '@school/catalogue/data';
import { INTAKE_PATTERN } from '@school/contracts';
import { useSearchParams } from 'react-router-dom';

/** The programme's intakes (the catalogue's initiatives), newest first, as a select offers them. */
export function intakeOptions(): { value: string; label: string }[] {
  return [...initiatives]
    .sort((a, b) => Date.parse(b.opens_at) - Date.parse(a.opens_at))
    .map((i) => ({ value: i.frontend_slug, label: i.title }));
}

/**
 * The intake admissions screens show by default: the one taking applications now, otherwise the
 * newest that has opened, otherwise the first listed (as the API's analytics choose it).
 */
export function currentIntake(now: Date = new Date()): string {
  const open = initiatives.find((i) => isApplicationOpen(i, now));
  if (open) return open.frontend_slug;
  const opened = initiatives
    .filter((i) => Date.parse(i.opens_at) <= now.getTime())
    .sort((a, b) => Date.parse(b.opens_at) - Date.parse(a.opens_at));
  return (opened[0] ?? initiatives[0]).frontend_slug;
}

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
