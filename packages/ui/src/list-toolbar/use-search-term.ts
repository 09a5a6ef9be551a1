import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './list-toolbar';

/**
 * A search box's text and the term to search for: the trimmed text once typing pauses, so a list
 * is not read again at every key.
 */
export function useSearchTerm(debounceMs = SEARCH_DEBOUNCE_MS) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), debounceMs);
    return () => clearTimeout(timer);
  }, [search, debounceMs]);
  return { search, setSearch, term };
}
