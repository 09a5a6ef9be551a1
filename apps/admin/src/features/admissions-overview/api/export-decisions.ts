import type { ApiClient, ApplicationsAnalyticsQuery } from '@school/contracts';

/** Fetches the decisions CSV (it needs the bearer token, so a plain link cannot do) and saves it. */
export async function exportDecisions(client: ApiClient, query: ApplicationsAnalyticsQuery): Promise<void> {
  const csv = await client.call('applicationsAnalyticsDecisionsExport', { query });
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = `decisions-${query.intake ?? 'current'}-${new Date().toISOString().slice(0, 10)}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
