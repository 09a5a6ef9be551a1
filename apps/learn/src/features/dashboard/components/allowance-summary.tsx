import { ALLOWANCE_OUTCOME_LABELS } from '@school/contracts';
import { ButtonLink, useRouteQuery } from '@school/ui';
import { paths } from '../../../lib/paths';
import { monthName } from '../../../lib/school-time';

/** A trainee of an allowance programme sees this month's outcome so far and its first piece of advice; others see nothing. */
export function AllowanceSummary() {
  const mine = useRouteQuery('myAllowance', {}, { select: (r) => r.data, retry: false });
  const current = mine.data?.current;
  if (!mine.data?.programme) return null;
  return (
    <section className="learn-section" aria-labelledby="my-allowance">
      <h2 id="my-allowance" className="learn-section__title">
        My allowance
      </h2>
      {current ? (
        <p>
          {monthName(current.month)} so far: {ALLOWANCE_OUTCOME_LABELS[current.outcome]}
          {current.advice[0] ? `. ${current.advice[0]}` : ''}
        </p>
      ) : null}
      <ButtonLink to={paths.allowance} variant="secondary">
        Open my allowance
      </ButtonLink>
    </section>
  );
}
