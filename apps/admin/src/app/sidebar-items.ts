import { sidebarIcons, type SidebarItem } from '@school/ui';
import { paths } from '../lib/paths';

/** After Courses, Cohorts and Students: the programme applications and form submissions. */
export const EXTRA_SIDEBAR_ITEMS: SidebarItem[] = [
  { title: 'Grading', path: paths.grading, icon: sidebarIcons.grading },
  { title: 'Applications', path: paths.applications, icon: sidebarIcons.applications },
  { title: 'Reviews', path: paths.reviews, icon: sidebarIcons.reviews },
  { title: 'Failed jobs', path: paths.failedJobs, icon: sidebarIcons.failedJobs },
];
export const MAILBOX_ITEM: SidebarItem = { title: 'Mailbox', path: paths.mailbox, icon: sidebarIcons.mailbox };
