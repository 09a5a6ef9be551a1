import { COHORT_STATUS_LABELS, type CohortStatus as Status } from '@school/contracts';
import { formatDate, StatusChip, type StatusTone } from '@school/ui';

/** Ended (COMPLETED) is green as the spec has it; a running cohort is highlighted too, the others are grey. */
const TONES: Record<Status, StatusTone> = { UPCOMING: 'neutral', ONGOING: 'warning', COMPLETED: 'success', ACCESS_CLOSED: 'neutral' };

/** A cohort's state from its dates: Upcoming, Running, Ended or Access closed. */
export function CohortStatus({ status }: { status: Status }) {
  return (
    <StatusChip tone={TONES[status]} status={status}>
      {COHORT_STATUS_LABELS[status]}
    </StatusChip>
  );
}

/** A cohort's dates: its start – its end. */
export function CohortDates({ cohort }: { cohort: { start_date: string; end_date: string } }) {
  return (
    <>
      {formatDate(cohort.start_date)} – {formatDate(cohort.end_date)}
    </>
  );
}
