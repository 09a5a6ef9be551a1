import type { ApiClient, ProgrammeApplicationInput } from '@school/contracts';
import { visitorHeaders } from '../../../lib/visitor-token';

/** Sends the application; resolves to true when the answer carries a message (the cue for the thank-you page). */
export async function submitApplication(client: ApiClient, body: ProgrammeApplicationInput): Promise<boolean> {
  const res = await client.call('submitApplication', { body, headers: await visitorHeaders() });
  return typeof res?.message === 'string' && res.message.length > 0;
}
