import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/**
 * How the shared components turn an app path ("/student", "/login") into a link.
 *
 * - `isInternal(path)`: true when the path belongs to the current app, so a
 *   react-router `Link` is rendered (client-side navigation); false renders a
 *   plain `<a href>` that loads the other app.
 * - `toHref(path)`: the href used for other apps' paths. On the single-origin
 *   deployment it is the identity; on the subdomain deployment the app passes
 *   the helper that maps a route to its app's origin.
 */
export interface AppLinks {
  isInternal: (path: string) => boolean;
  toHref: (path: string) => string;
}

const defaultLinks: AppLinks = {
  isInternal: () => true,
  toHref: (path) => path,
};

const AppLinksContext = createContext<AppLinks>(defaultLinks);

export interface AppLinksProviderProps extends Partial<AppLinks> {
  children: ReactNode;
}

/** Sets, for every shared component below it, which paths are internal and how other apps' paths become hrefs. */
export function AppLinksProvider({ isInternal, toHref, children }: AppLinksProviderProps) {
  const value = useMemo<AppLinks>(
    () => ({
      isInternal: isInternal ?? defaultLinks.isInternal,
      toHref: toHref ?? defaultLinks.toHref,
    }),
    [isInternal, toHref],
  );
  return <AppLinksContext.Provider value={value}>{children}</AppLinksContext.Provider>;
}

/** The link rules in force; `override` (a component's own prop) wins over the provider. */
export function useAppLinks(override?: Partial<AppLinks>): AppLinks {
  const ctx = useContext(AppLinksContext);
  return {
    isInternal: override?.isInternal ?? ctx.isInternal,
    toHref: override?.toHref ?? ctx.toHref,
  };
}

export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An app path such as "/courses" (or a full URL, always rendered as a plain anchor). */
  to: string;
  /** Overrides the provider's decision for this link. */
  isInternal?: (path: string) => boolean;
  /** With react-router links: replace the current history entry. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

/** A react-router `Link` for this app's paths, a plain `<a href>` for other apps' paths and absolute URLs. */
export function AppLink({ to, isInternal, replace, ref, children, ...rest }: AppLinkProps) {
  const links = useAppLinks({ isInternal });
  if (!ABSOLUTE_URL.test(to) && links.isInternal(to)) {
    return (
      <Link to={to} replace={replace} ref={ref} {...rest}>
        {children}
      </Link>
    );
  }
  const href = ABSOLUTE_URL.test(to) ? to : links.toHref(to);
  return (
    <a href={href} ref={ref} {...rest}>
      {children}
    </a>
  );
}

/**
 * Returns a function that goes to an app path: client-side for this app's
 * paths, a full page load (through `toHref`) for other apps' paths.
 * Must be used inside a router.
 */
export function useAppNavigate(override?: Partial<AppLinks>): (path: string) => void {
  const navigate = useNavigate();
  const links = useAppLinks(override);
  return (path: string) => {
    if (!ABSOLUTE_URL.test(path) && links.isInternal(path)) {
      void navigate(path);
    } else {
      window.location.assign(ABSOLUTE_URL.test(path) ? path : links.toHref(path));
    }
  };
}
