import { BRAND_NAME } from '@school/ui';

/** A page's document title: its own title, then the school's name. */
export function pageTitle(title: string | undefined): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}
