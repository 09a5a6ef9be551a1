import type { ReactNode } from 'react';
import type { AvatarMenuLink } from '../avatar-menu/avatar-menu';
import { Footer, type SocialLink } from '../footer/footer';
import { Navbar, type NavUser } from '../navbar/navbar';
import { cx } from '../utils/cx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './layouts.css';

export interface StandardLayoutProps {
  user: NavUser | null;
  onLogout: () => Promise<void>;
  children: ReactNode;
  /** Show the footer (default true). */
  showFooter?: boolean;
  isInternal?: (path: string) => boolean;
  menuLinks?: AvatarMenuLink[];
  socialLinks?: SocialLink[];
  /** Extra class on <main>. */
  mainClassName?: string;
}

/** The layout of visitors and students: navbar, <main>, optional footer. */
export function StandardLayout({
  user,
  onLogout,
  children,
  showFooter = true,
  isInternal,
  menuLinks,
  socialLinks,
  mainClassName,
}: StandardLayoutProps) {
  return (
    <div className="ui-layout">
      <SkipLink />
      <Navbar user={user} onLogout={onLogout} isInternal={isInternal} menuLinks={menuLinks} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cx('ui-layout__main', mainClassName)}>
        {children}
      </main>
      {showFooter && <Footer isInternal={isInternal} socialLinks={socialLinks} />}
    </div>
  );
}
