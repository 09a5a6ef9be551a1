import type { ApiClient, ApplicationExportQuery } from '@school/contracts';
import { saveCsv } from '../../../lib/save-csv';

/** Fetches the CSV export (it needs the bearer token, so a plain link cannot do) and saves it. */
export async function exportApplications(client: ApiClient, query: ApplicationExportQuery): Promise<void> {
  const csv = await client.call('adminApplicationExport', { query });
  saveCsv(csv, `applications-${new Date().toISOString().slice(0, 10)}.csv`);
}
