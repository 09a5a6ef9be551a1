import { VISITOR_TOKEN_HEADER, VisitorTokenResponseSchema } from '@school/contracts';

const STORAGE_KEY = 'school_visitor_token';
const ENDPOINT = '/api/forms/visitor-token/';
/** A token this close to its expiry is replaced rather than sent. */
const MARGIN_MS = 60_000;

interface Stored {
  token: string;
  expires_at: number;
}

let pending: Promise<string | null> | null = null;

function read(): Stored | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    return stored && typeof stored.token === 'string' && stored.expires_at - MARGIN_MS > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

/**
 * This browser's visitor token for the public forms, fetched once and kept until it nears expiry.
 * With it the school counts this visitor's submissions, not the whole network address's; when it
 * cannot be had (offline, refused), the form is sent without it and counts per address.
 */
export async function visitorToken(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const stored = read();
  if (stored) return stored.token;
  pending ??= (async () => {
    try {
      const res = await fetchImpl(ENDPOINT, { method: 'POST', headers: { Accept: 'application/json' } });
      if (!res.ok) return null;
      const parsed = VisitorTokenResponseSchema.safeParse(await res.json());
      if (!parsed.success) return null;
      const { token, expires_in } = parsed.data;
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ token, expires_at: Date.now() + expires_in * 1000 }));
      } catch {
        // Storage off (private mode): the token still serves this page.
      }
      return token;
    } catch {
      return null;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** The header carrying this browser's visitor token, for a request to this school's own API. */
export async function visitorHeaders(fetchImpl: typeof fetch = fetch): Promise<Record<string, string>> {
  const token = await visitorToken(fetchImpl);
  return token ? { [VISITOR_TOKEN_HEADER]: token } : {};
}
