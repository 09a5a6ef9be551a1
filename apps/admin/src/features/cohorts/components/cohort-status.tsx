import type { CohortStatus as Status } from '@school/contracts';
import { StatusChip } from '@school/ui';

/** Cohort status values other than COMPLETED are not shown (learning spec, section 4); COMPLETED is green. */
export function CohortStatus({ status }: { status: Status }) {
  if (status !== 'COMPLETED') return null;
  return <StatusChip status="COMPLETED">COMPLETED</StatusChip>;
}
