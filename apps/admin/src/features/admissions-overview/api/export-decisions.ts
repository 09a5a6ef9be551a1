import type { ApiClient, ApplicationsAnalyticsQuery } from '@school/contracts';
import { saveCsv } from '../../../lib/save-csv';

/** Fetches the decisions CSV (it needs the bearer token, so a plain link cannot do) and saves it. */
export async function exportDecisions(client: ApiClient, query: ApplicationsAnalyticsQuery): Promise<void> {
  const csv = await client.call('applicationsAnalyticsDecisionsExport', { query });
  saveCsv(csv, `decisions-${query.intake ?? 'current'}-${new Date().toISOString().slice(0, 10)}.csv`);
}
