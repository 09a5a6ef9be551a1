import { one, rows, type Sql } from '../../common/sql/db';
import { JOBS_SCHEMA } from './jobs-schema';

export interface QueueStats {
  queue: string;
  queued: number;
  active: number;
  failed: number;
}

/** Each queue's waiting, running and failed jobs, in one statement. */
export function queueStats(q: Sql) {
  return rows<QueueStats>(
    q,
    `SELECT q.name AS queue,
            count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS queued,
            count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
            count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
       FROM ${JOBS_SCHEMA}.queue q LEFT JOIN ${JOBS_SCHEMA}.job j ON j.name = q.name
      GROUP BY q.name ORDER BY q.name`,
  );
}

/** Failed jobs (every try spent), newest first. */
export function failedJobs<T>(q: Sql, limit: number) {
  return rows<T>(
    q,
    `SELECT id::text, name, data, retry_count, coalesce(output->>'message', output::text, '') AS error,
            created_on, completed_on
       FROM ${JOBS_SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST, id LIMIT $1`,
    [limit],
  );
}

/** The queue name of a failed job. */
export async function failedJobName(q: Sql, id: string): Promise<string | undefined> {
  return (await one<{ name: string }>(q, `SELECT name FROM ${JOBS_SCHEMA}.job WHERE id::text = $1 AND state = 'failed'`, [id]))?.name;
}
