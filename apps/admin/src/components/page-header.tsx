import { AppLink } from '@school/ui';
import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: ReactNode;
  /** A line under the title (dates, counts...). */
  subtitle?: ReactNode;
  /** Where 'Back' leads, with its label. */
  back?: { to: string; label: string };
  /** Buttons on the right. */
  actions?: ReactNode;
}

/** The heading of every console page: optional back link, h1, subtitle and actions. */
export function PageHeader({ title, subtitle, back, actions }: PageHeaderProps) {
  return (
    <header className="admin-page-header">
      <div className="admin-page-header__text">
        {back && (
          <AppLink to={back.to} className="admin-back-link">
            <span aria-hidden="true">← </span>
            {back.label}
          </AppLink>
        )}
        <h1 className="admin-page-header__title">{title}</h1>
        {subtitle && <p className="admin-page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="admin-page-header__actions">{actions}</div>}
    </header>
  );
}
