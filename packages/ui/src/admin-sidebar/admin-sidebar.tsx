import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink } from '../app-link/app-link';
import {
  AnalyticsIcon,
  ApplicationsIcon,
  CertificatesIcon,
  ReviewsIcon,
  CohortsIcon,
  CoursesIcon,
  DashboardIcon,
  FailedJobsIcon,
  HostCompaniesIcon,
  GradingIcon,
  LessonsLibraryIcon,
  MailboxIcon,
  StudentsIcon,
} from '../icons/icons';
import { BRAND_NAME, ChipMark } from '../logo/logo';
import { cx } from '../utils/cx';
import './admin-sidebar.css';

export interface SidebarItem {
  title: string;
  path: string;
  icon?: ReactNode;
}

/** Icon slots for sidebar entries, including Dashboard, Lessons Library and Analytics, which have no default entry. */
export const sidebarIcons = {
  dashboard: <DashboardIcon size={22} />,
  courses: <CoursesIcon size={22} />,
  cohorts: <CohortsIcon size={22} />,
  students: <StudentsIcon size={22} />,
  lessonsLibrary: <LessonsLibraryIcon size={22} />,
  analytics: <AnalyticsIcon size={22} />,
  grading: <GradingIcon size={22} />,
  certifications: <CertificatesIcon size={22} />,
  applications: <ApplicationsIcon size={22} />,
  reviews: <ReviewsIcon size={22} />,
  mailbox: <MailboxIcon size={22} />,
  failedJobs: <FailedJobsIcon size={22} />,
  hostCompanies: <HostCompaniesIcon size={22} />,
} as const;

/** The default entries: Courses, Cohorts, Students. */
export const ADMIN_SIDEBAR_ITEMS: SidebarItem[] = [
  { title: 'Courses', path: '/admin/courses', icon: sidebarIcons.courses },
  { title: 'Cohorts', path: '/admin/cohorts', icon: sidebarIcons.cohorts },
  { title: 'Students', path: '/admin/students', icon: sidebarIcons.students },
];

/** How long hover is ignored after a click on an entry. */
export const SIDEBAR_HOVER_IGNORE_MS = 500;

export interface AdminSidebarProps {
  /** Entries added after the defaults (e.g. Applications). */
  extraItems?: SidebarItem[];
  /** Replaces the default entries altogether. */
  items?: SidebarItem[];
  /** Where the chip mark at the top leads (default '/admin/courses'). */
  logoTo?: string;
  /** Overrides the AppLinksProvider's decision for the entries. */
  isInternal?: (path: string) => boolean;
  className?: string;
}

function normalize(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The admin sidebar: a rail of icons that expands on mouse hover and collapses
 * on mouse leave. A click on an entry navigates, collapses it, and ignores
 * hover for 500 ms. The active entry is the one whose path equals the current path.
 * On narrow screens it turns into a scrollable strip above the content.
 */
export function AdminSidebar({ extraItems = [], items, logoTo = '/admin/courses', isInternal, className }: AdminSidebarProps) {
  const [expanded, setExpanded] = useState(false);
  const ignoreHover = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { pathname } = useLocation();
  const entries = [...(items ?? ADMIN_SIDEBAR_ITEMS), ...extraItems];
  const current = normalize(pathname);

  const sidebarRef = useRef<HTMLElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Hover widens the rail for pointer users only; keyboard users reach every entry by its label
  // either way, so the landmark itself takes no handlers.
  useEffect(() => {
    const aside = sidebarRef.current;
    if (!aside) return;
    const enter = () => {
      if (!ignoreHover.current) setExpanded(true);
    };
    const leave = () => {
      if (!ignoreHover.current) setExpanded(false);
    };
    aside.addEventListener('mouseenter', enter);
    aside.addEventListener('mouseleave', leave);
    return () => {
      aside.removeEventListener('mouseenter', enter);
      aside.removeEventListener('mouseleave', leave);
    };
  }, []);

  const onEntryClick = () => {
    setExpanded(false);
    ignoreHover.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      ignoreHover.current = false;
    }, SIDEBAR_HOVER_IGNORE_MS);
  };

  return (
    <aside ref={sidebarRef} className={cx('ui-sidebar', expanded && 'ui-sidebar--expanded', className)} data-expanded={expanded}>
      <AppLink
        to={logoTo}
        isInternal={isInternal}
        className="ui-sidebar__brand"
        aria-label={`${BRAND_NAME} admin home`}
        onClick={onEntryClick}
      >
        <ChipMark size={34} />
        <span className="ui-sidebar__label ui-sidebar__brand-text" aria-hidden="true">
          Admin
        </span>
      </AppLink>
      <nav aria-label="Admin" className="ui-sidebar__nav">
        <ul className="ui-sidebar__list">
          {entries.map((item) => {
            const active = normalize(item.path) === current;
            return (
              <li key={item.path}>
                <AppLink
                  to={item.path}
                  isInternal={isInternal}
                  className={cx('ui-sidebar__link', active && 'ui-sidebar__link--active')}
                  aria-current={active ? 'page' : undefined}
                  title={item.title}
                  onClick={onEntryClick}
                >
                  <span className="ui-sidebar__icon">{item.icon ?? sidebarIcons.dashboard}</span>
                  <span className="ui-sidebar__label">{item.title}</span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
