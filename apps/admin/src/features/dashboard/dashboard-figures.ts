import { ACTIVE_STUDENT_DAYS, type AdminDashboard } from '@school/contracts';
import { paths } from '../../lib/paths';

export interface DashboardFigure {
  key: keyof AdminDashboard;
  /** What the number counts, as the card's title. */
  label: string;
  /** One line on what is counted. */
  hint: string;
  /** The page where the admin acts on it, and that link's words. */
  to: string;
  action: string;
  /** A figure above zero that needs attention (shown in the warning colours). */
  alarm?: boolean;
}

/** The dashboard's cards, in reading order: each figure, what it counts and where to act on it. */
export const DASHBOARD_FIGURES: readonly DashboardFigure[] = [
  {
    key: 'running_cohorts',
    label: 'Running cohorts',
    hint: 'Cohorts between their start and end dates.',
    to: `${paths.cohorts}?status=ONGOING`,
    action: 'See running cohorts',
  },
  {
    key: 'active_students',
    label: 'Students active this week',
    hint: `Students who opened a class in the last ${ACTIVE_STUDENT_DAYS} days.`,
    to: paths.students,
    action: 'See students',
  },
  {
    key: 'awaiting_grading',
    label: 'Waiting for grading',
    hint: 'Quiz answers and project hand-ins not graded yet.',
    to: paths.grading,
    action: 'Go to grading',
  },
  {
    key: 'applications_waiting',
    label: 'Applications waiting',
    hint: 'Programme applications to screen, review or decide on.',
    to: paths.applications,
    action: 'Open the admissions pipeline',
  },
  {
    key: 'failed_jobs',
    label: 'Failed jobs',
    hint: 'Background tasks, such as emails, that failed after every retry.',
    to: paths.failedJobs,
    action: 'See failed jobs',
    alarm: true,
  },
];
