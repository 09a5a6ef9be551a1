import type { Student } from '@school/contracts';
import { ProgressBar, relativeTime } from '@school/ui';
import { AccountSuspendedChip } from './account-status';
import { EnrolmentStatus } from './enrolment-status';
import type { Column } from './list-table';

/** The columns every admin list of students shows (the students page, a cohort's students). */
export const studentColumns = {
  name: {
    label: 'Name',
    render: (s) => (
      <>
        <span className="admin-table__title">
          {s.first_name} {s.last_name}
        </span>
        <span className="admin-table__sub">{s.email}</span>
        <AccountSuspendedChip student={s} />
      </>
    ),
  },
  status: { label: 'Status', render: (s) => <EnrolmentStatus status={s.enrolment_status} /> },
  progress: {
    label: 'Progress',
    render: (s) => (
      <ProgressBar value={s.completion_percentage} label={`Progress of ${s.first_name} ${s.last_name}`} className="admin-table__progress" />
    ),
  },
  lastActive: { label: 'Last active', render: (s) => (s.latest_access_datetime ? relativeTime(s.latest_access_datetime) : 'Never') },
} satisfies Record<string, Column<Student>>;
