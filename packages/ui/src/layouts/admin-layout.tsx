import type { ReactNode } from 'react';
import { AdminSidebar, type SidebarItem } from '../admin-sidebar/admin-sidebar';
import type { AvatarMenuLink } from '../avatar-menu/avatar-menu';
import { Footer, type SocialLink } from '../footer/footer';
import { Navbar, type NavUser } from '../navbar/navbar';
import { cx } from '../utils/cx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import './layouts.css';

export interface AdminLayoutProps {
  user: NavUser | null;
  onLogout: () => Promise<void>;
  children: ReactNode;
  /** Sidebar entries added after Courses, Cohorts and Students. */
  sidebarItems?: SidebarItem[];
  /** Show the footer (default true). */
  showFooter?: boolean;
  isInternal?: (path: string) => boolean;
  menuLinks?: AvatarMenuLink[];
  socialLinks?: SocialLink[];
  mainClassName?: string;
}

/** The admins' layout: sidebar, navbar, <main> and footer. */
export function AdminLayout({
  user,
  onLogout,
  children,
  sidebarItems,
  showFooter = true,
  isInternal,
  menuLinks,
  socialLinks,
  mainClassName,
}: AdminLayoutProps) {
  return (
    <div className="ui-admin-layout">
      <SkipLink />
      <div className="ui-admin-layout__sidebar-slot">
        <AdminSidebar extraItems={sidebarItems} isInternal={isInternal} />
      </div>
      <div className="ui-admin-layout__body">
        <Navbar user={user} onLogout={onLogout} isInternal={isInternal} menuLinks={menuLinks} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={cx('ui-admin-layout__main', mainClassName)}>
          {children}
        </main>
        {showFooter && <Footer isInternal={isInternal} socialLinks={socialLinks} />}
      </div>
    </div>
  );
}
