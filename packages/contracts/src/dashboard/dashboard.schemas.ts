import { z } from 'zod';
import type { ApplicationStatus } from '../applications/applications.schemas';

const count = z.number().int().nonnegative();

/**
 * The applications waiting for the school to act: screening (SUBMITTED), assigning reviewers
 * (SCREENED), the reviewers' scores (IN_REVIEW) and a decision on the shortlist (SHORTLISTED).
 * Offers, the waiting list and the ends wait on the applicant or on nobody.
 */
export const APPLICATIONS_WAITING_STATUSES: readonly ApplicationStatus[] = ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED'];

/** How far back a student's last visit to a class counts as active (the dashboard's "this week"). */
export const ACTIVE_STUDENT_DAYS = 7;

/** The school's figures on the admin dashboard, each counted where the admin acts on it. */
export const AdminDashboardSchema = z.object({
  /** Cohorts between their start and end dates (status ONGOING). */
  running_cohorts: count,
  /** Students who opened one of their classes in the last ACTIVE_STUDENT_DAYS days. */
  active_students: count,
  /** Quiz attempts and project hand-ins submitted and not yet graded. */
  awaiting_grading: count,
  /** Programme applications in APPLICATIONS_WAITING_STATUSES. */
  applications_waiting: count,
  /** Jobs that failed after their last try (the Failed jobs page's list). */
  failed_jobs: count,
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
