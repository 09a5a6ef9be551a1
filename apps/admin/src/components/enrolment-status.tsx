import { NOT_ENROLLED_LABEL, type EnrolmentStatus as Status } from '@school/contracts';
import { StatusChip } from '@school/ui';

/** An enrolment status chip (ACTIVE and COMPLETED green), or 'NOT ENROLLED'. */
export function EnrolmentStatus({ status }: { status: Status | null }) {
  if (!status) return <StatusChip tone="neutral">{NOT_ENROLLED_LABEL}</StatusChip>;
  return <StatusChip status={status}>{status}</StatusChip>;
}
