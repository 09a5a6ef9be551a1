import { FORM_SUCCESS_MESSAGE, formCollectionErrorMessage } from '@school/contracts';
import { visitorHeaders } from '../../../lib/visitor-token';

/** Thrown when the form collection refuses a submission; the message is what the page shows. */
export class FormCollectionError extends Error {}

/**
 * Posts a form to a form-collection endpoint as multipart form data, asking for JSON.
 * Success is an ok status (resolving to the thank-you message); a failure's `errors`
 * messages are joined with ', '. To this school's own API it sends the visitor token, so the
 * limit counts this visitor rather than everyone behind the same address.
 */
export async function postForm(endpoint: string, data: FormData, fetchImpl: typeof fetch = fetch): Promise<string> {
  // The token is for this school's own API only; another form collection gets nothing of it.
  const own = endpoint.startsWith('/api/');
  const headers = { Accept: 'application/json', ...(own ? await visitorHeaders(fetchImpl) : {}) };
  const res = await fetchImpl(endpoint, { method: 'POST', body: data, headers });
  if (res.ok) return FORM_SUCCESS_MESSAGE;
  const body: unknown = await res.json().catch(() => null);
  throw new FormCollectionError(formCollectionErrorMessage(body));
}
