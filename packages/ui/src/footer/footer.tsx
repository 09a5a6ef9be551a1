import type { ComponentType } from 'react';
import { AppLink } from '../app-link/app-link';
import { FacebookIcon, InstagramIcon, LinkedInIcon, YouTubeIcon, type IconProps } from '../icons/icons';
import { BRAND_NAME, Logo } from '../logo/logo';
import { cx } from '../utils/cx';
import './footer.css';

export interface SocialLink {
  /** The network's name, used in the accessible label. */
  name: string;
  href: string;
  icon: ComponentType<IconProps>;
}

/** The default social links: the networks' home pages (the school's own pages are not known). */
export const DEFAULT_SOCIAL_LINKS: SocialLink[] = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: LinkedInIcon },
  { name: 'Facebook', href: 'https://www.facebook.com/', icon: FacebookIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: InstagramIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/', icon: YouTubeIcon },
];

/** '© {year} {school name}. All rights reserved.' */
export function copyrightText(year: number = new Date().getFullYear()): string {
  return `© ${year} ${BRAND_NAME}. All rights reserved.`;
}

export interface FooterProps {
  /** Override the social links (e.g. with the school's own pages). */
  socialLinks?: SocialLink[];
  /** Overrides the AppLinksProvider's decision for the logo link to /. */
  isInternal?: (path: string) => boolean;
  className?: string;
}

/** The footer: brand logo linking to /, copyright with the current year, and social links. */
export function Footer({ socialLinks = DEFAULT_SOCIAL_LINKS, isInternal, className }: FooterProps) {
  return (
    <footer className={cx('ui-footer', className)}>
      <div className="ui-footer__inner">
        <AppLink to="/" isInternal={isInternal} className="ui-footer__brand" aria-label={`${BRAND_NAME} home`}>
          <Logo />
        </AppLink>
        <ul className="ui-footer__social" aria-label="Social media">
          {socialLinks.map(({ name, href, icon: Icon }) => (
            <li key={name}>
              <a
                href={href}
                className="ui-footer__social-link"
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${name} (opens in a new tab)`}
              >
                <Icon size={20} />
              </a>
            </li>
          ))}
        </ul>
        <p className="ui-footer__copyright">{copyrightText()}</p>
      </div>
    </footer>
  );
}
