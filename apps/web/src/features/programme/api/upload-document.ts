import { type ApiClient, isApiError } from '@school/contracts';
import { visitorHeaders } from '../../../lib/visitor-token';

/**
 * Uploads a resume or transcript and returns its URL. A failed upload is only logged and the
 * application goes ahead with an empty URL (spec: section 8), except a refusal by the submission
 * limit (429): sent on, the application would arrive without its documents, so that one is thrown.
 */
export async function uploadDocument(client: ApiClient, file: File | null): Promise<string> {
  if (!file) return '';
  const data = new FormData();
  data.append('file', file, file.name);
  try {
    const { url } = await client.upload('uploadFile', data, { headers: await visitorHeaders() });
    return url;
  } catch (e) {
    if (isApiError(e) && e.status === 429) throw e;
    console.error('File upload failed', e);
    return '';
  }
}
