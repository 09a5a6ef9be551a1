// The subpath, not the package's index: the public site's first load must not pull in the contracts.
import { SCHOOL_NAME, wordmarkParts } from '@school/contracts/school';
import { cx } from '../utils/cx';
import './logo.css';

/** The school's name (the contracts' one setting), as shown in the wordmark, the footer and page titles. */
export const BRAND_NAME = SCHOOL_NAME;
const WORDMARK = wordmarkParts(SCHOOL_NAME);

export interface ChipMarkProps {
  size?: number;
  className?: string;
}

/** The chip mark alone: a package with pins around a die. Decorative (aria-hidden). */
export function ChipMark({ size = 32, className }: ChipMarkProps) {
  const pins = [9, 15, 21];
  return (
    <svg className={cx('ui-logo__mark', className)} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <g fill="currentColor">
        {pins.map((p) => (
          <g key={p}>
            <rect x={p} y="1" width="2" height="4" rx="0.6" />
            <rect x={p} y="27" width="2" height="4" rx="0.6" />
            <rect x="1" y={p} width="4" height="2" rx="0.6" />
            <rect x="27" y={p} width="4" height="2" rx="0.6" />
          </g>
        ))}
      </g>
      <rect x="5" y="5" width="22" height="22" rx="4" fill="#14b8a6" />
      <rect x="10" y="10" width="12" height="12" rx="2" fill="#0b1f3a" />
      <path d="M13 19v-3h3v-3h3" fill="none" stroke="#5eead4" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="19" cy="13" r="1.3" fill="#5eead4" />
    </svg>
  );
}

export interface LogoProps {
  /** Show the school-name wordmark beside the mark (default true). */
  showWordmark?: boolean;
  /** Height of the mark in px (default 32). */
  size?: number;
  /** 'light' for navy backgrounds (default), 'dark' for light backgrounds. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** The brand logo: the chip mark plus the wordmark. Its text is the brand name for assistive technology. */
export function Logo({ showWordmark = true, size = 32, tone = 'light', className }: LogoProps) {
  return (
    <span className={cx('ui-logo', `ui-logo--${tone}`, className)}>
      <ChipMark size={size} />
      {showWordmark ? (
        <span className="ui-logo__wordmark">
          <span className="ui-logo__word-strong">{WORDMARK.strong}</span> <span className="ui-logo__word-light">{WORDMARK.light}</span>
        </span>
      ) : (
        <span className="ui-visually-hidden">{BRAND_NAME}</span>
      )}
    </span>
  );
}
