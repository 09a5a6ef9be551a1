import { useEffect } from 'react';

/** Sets the document title, e.g. 'My classes | My learning'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | My learning`;
  }, [title]);
}
