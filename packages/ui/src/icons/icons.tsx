import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** Decorative by default (aria-hidden); give the surrounding control the accessible name. */
function StrokeIcon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

function FillIcon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

/* ---- Admin sidebar icons ---- */

export function DashboardIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </StrokeIcon>
  );
}

export function CoursesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z" />
      <path d="M4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5" />
      <path d="M9 8h7M9 12h5" />
    </StrokeIcon>
  );
}

export function CohortsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.3-5.5 6.5-5.5s5.9 1.9 6.5 5.5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M16.5 14.6c2.6.2 4.4 1.9 5 4.9" />
    </StrokeIcon>
  );
}

export function StudentsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M2 9l10-5 10 5-10 5z" />
      <path d="M6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5" />
      <path d="M22 9v6" />
    </StrokeIcon>
  );
}

export function LessonsLibraryIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="4" width="4" height="16" rx="1" />
      <rect x="9" y="4" width="4" height="16" rx="1" />
      <path d="M15.5 5.2l3.8-1 3 14.8-3.8 1z" />
    </StrokeIcon>
  );
}

export function AnalyticsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M3 3v18h18" />
      <rect x="7" y="12" width="3" height="6" rx="0.5" />
      <rect x="12" y="8" width="3" height="10" rx="0.5" />
      <rect x="17" y="5" width="3" height="13" rx="0.5" />
    </StrokeIcon>
  );
}

/** A rosette with ribbons: certificates. */
export function CertificatesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="9" r="5.5" />
      <path d="m8.6 13.4-1.6 7.6 5-2.6 5 2.6-1.6-7.6" />
    </StrokeIcon>
  );
}

export function ApplicationsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V2.8h6V4" />
      <path d="M8.5 10h7M8.5 14h7M8.5 18h4" />
    </StrokeIcon>
  );
}

/** A marked paper: a page with a tick, for grading students' work (not the analytics bar chart). */
export function GradingIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5" />
      <path d="m8.5 14.5 2.5 2.5 4.5-5" />
    </StrokeIcon>
  );
}

/** A star: scoring applications (the reviewers' queue). */
export function ReviewsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z" />
    </StrokeIcon>
  );
}

export function MailboxIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3.5 6.5 8.5 6.5 8.5-6.5" />
    </StrokeIcon>
  );
}

export function FailedJobsIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M20 12a8 8 0 1 1-2.34-5.66" />
      <path d="M20 4v4.5h-4.5" />
      <path d="M12 8v4.5M12 15.8v.2" />
    </StrokeIcon>
  );
}

export function HostCompaniesIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 20V6l7-3v17M11 9h9v11M2 20h20" />
      <path d="M7 8v.2M7 12v.2M7 16v.2M15 13v.2M15 16.5v.2" />
    </StrokeIcon>
  );
}

/* ---- Interface icons ---- */

export function MenuIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M6 6l12 12M18 6L6 18" />
    </StrokeIcon>
  );
}

export function ChevronLeftIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M15 5l-7 7 7 7" />
    </StrokeIcon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 5l7 7-7 7" />
    </StrokeIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 9l7 7 7-7" />
    </StrokeIcon>
  );
}

export function DoubleChevronLeftIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 5l-7 7 7 7M19 5l-7 7 7 7" />
    </StrokeIcon>
  );
}

export function DoubleChevronRightIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 5l7 7-7 7M12 5l7 7-7 7" />
    </StrokeIcon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </StrokeIcon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5M21 12H9" />
    </StrokeIcon>
  );
}

export function AlertIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18h.01" />
    </StrokeIcon>
  );
}

/* ---- Social network icons ---- */

export function LinkedInIcon(props: IconProps) {
  return (
    <FillIcon {...props}>
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4v11H3zM9.5 9.5h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.6 4.77 6v5.45h-4v-4.83c0-1.15-.02-2.63-1.6-2.63-1.6 0-1.85 1.25-1.85 2.55v4.91h-4z" />
    </FillIcon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <FillIcon {...props}>
      <path d="M13.5 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.26-1.55 1.58-1.55h1.68V3.9A22 22 0 0 0 14.3 3.8c-2.43 0-4.1 1.48-4.1 4.2v2.3H7.5v3.2h2.7v8z" />
    </FillIcon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </StrokeIcon>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <FillIcon {...props}>
      <path d="M22.5 7.2a2.8 2.8 0 0 0-2-2C18.7 4.7 12 4.7 12 4.7s-6.7 0-8.5.5a2.8 2.8 0 0 0-2 2C1 9 1 12 1 12s0 3 .5 4.8a2.8 2.8 0 0 0 2 2c1.8.5 8.5.5 8.5.5s6.7 0 8.5-.5a2.8 2.8 0 0 0 2-2c.5-1.8.5-4.8.5-4.8s0-3-.5-4.8zM9.8 15.1V8.9l5.6 3.1z" />
    </FillIcon>
  );
}
