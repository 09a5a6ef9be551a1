import { sidebarIcons, type SidebarItem } from '@school/ui';
import { allowancePaths, paths } from '../lib/paths';

/** After Courses, Cohorts and Students: the dashboard, grading, admissions, jobs, certificates and analytics. */
export const EXTRA_SIDEBAR_ITEMS: SidebarItem[] = [
  { title: 'Dashboard', path: paths.dashboard, icon: sidebarIcons.dashboard },
  { title: 'Grading', path: paths.grading, icon: sidebarIcons.grading },
  { title: 'Applications', path: paths.applications, icon: sidebarIcons.applications },
  { title: 'Reviews', path: paths.reviews, icon: sidebarIcons.reviews },
  { title: 'Failed jobs', path: paths.failedJobs, icon: sidebarIcons.failedJobs },
  { title: 'Certifications', path: paths.certifications, icon: sidebarIcons.certifications },
  { title: 'Host companies', path: paths.hostCompanies, icon: sidebarIcons.hostCompanies },
  { title: 'Analytics', path: paths.analytics, icon: sidebarIcons.analytics },
];
export const MAILBOX_ITEM: SidebarItem = { title: 'Mailbox', path: paths.mailbox, icon: sidebarIcons.mailbox };
/** The admin accounts and their Finance permission. */
export const STAFF_ITEM: SidebarItem = { title: 'Staff', path: paths.staff, icon: sidebarIcons.students };
/** Shown to admins holding the Finance permission only (the API refuses the others). */
export const AUDIT_LOG_ITEM: SidebarItem = { title: 'Audit log', path: paths.auditLog(), icon: sidebarIcons.reviews };

/** For an admin who coaches trainees, after the other entries. */
export const MY_TRAINEES_ITEM: SidebarItem = { title: 'My trainees', path: paths.myTrainees, icon: sidebarIcons.students };
/** The allowance programmes, their rules and the exceptions queue. */
export const ALLOWANCE_ITEM: SidebarItem = { title: 'Allowance', path: allowancePaths.programmes, icon: sidebarIcons.certifications };
