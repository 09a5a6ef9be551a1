import type { ReactNode } from 'react';
import './page-banner.css';

export interface PageBannerProps {
  title: string;
  subtitle?: ReactNode;
  /** Small label above the title. */
  eyebrow?: string;
  children?: ReactNode;
}

/** The coloured banner at the top of the public pages; holds the page's one h1. */
export function PageBanner({ title, subtitle, eyebrow, children }: PageBannerProps) {
  return (
    <header className="site-banner">
      <div className="ui-page ui-page--gutters">
        {eyebrow && <p className="site-banner__eyebrow">{eyebrow}</p>}
        <h1 className="site-banner__title">{title}</h1>
        {subtitle && <p className="site-banner__subtitle">{subtitle}</p>}
        {children}
      </div>
    </header>
  );
}
