import type { StatisticIcon } from '@school/catalogue';
import '../courses.css';

const PATHS: Record<StatisticIcon, string> = {
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  briefcase: 'M3 8h18v11H3zM8 8V5h8v3M3 13h18',
};

/** The icon of a course statistic (person, chart or briefcase). */
export function StatIcon({ icon }: { icon: StatisticIcon }) {
  return (
    <svg
      className="site-stat-icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[icon]} />
    </svg>
  );
}
