import { useEffect } from 'react';
import { pageTitle } from './page-meta';

/** Keeps the tab title in step with client-side navigation (prerendered pages carry it already). */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
