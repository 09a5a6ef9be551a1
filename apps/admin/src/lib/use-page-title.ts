import { useEffect } from 'react';

/** Sets the document title, e.g. 'Courses | School admin'. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | School admin`;
  }, [title]);
}
