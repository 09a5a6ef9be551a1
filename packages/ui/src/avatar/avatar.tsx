import { cx } from '../utils/cx';
import './avatar.css';

/** The avatar's font size is this share of its width. */
export const AVATAR_FONT_RATIO = 0.35;
/** Font size (px) when no size is given. */
export const AVATAR_DEFAULT_FONT_SIZE = 13;
/** Width (px) when no size is given: the width whose 35% is 13 px. */
export const AVATAR_DEFAULT_SIZE = AVATAR_DEFAULT_FONT_SIZE / AVATAR_FONT_RATIO;

/** Uppercase first letter of the first name and of the last name ('ada', 'lovelace' -> 'AL'). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  const first = (firstName ?? '').trim().charAt(0);
  const last = (lastName ?? '').trim().charAt(0);
  return `${first}${last}`.toUpperCase();
}

export interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  /** Width and height in px. The font size is 35% of it; without it the font size is 13 px. */
  size?: number;
  /** Hide from assistive technology when the name is already written beside it (default false). */
  decorative?: boolean;
  className?: string;
}

/** A round badge with the user's initials. */
export function Avatar({ firstName, lastName, size, decorative = false, className }: AvatarProps) {
  const width = size ?? AVATAR_DEFAULT_SIZE;
  const fontSize = size === undefined ? AVATAR_DEFAULT_FONT_SIZE : size * AVATAR_FONT_RATIO;
  const name = [firstName, lastName].filter(Boolean).join(' ');
  const a11y = decorative ? { 'aria-hidden': true as const } : { role: 'img', 'aria-label': name || 'User' };
  return (
    <span className={cx('ui-avatar', className)} style={{ width: `${width}px`, height: `${width}px`, fontSize: `${fontSize}px` }} {...a11y}>
      {initials(firstName, lastName)}
    </span>
  );
}
