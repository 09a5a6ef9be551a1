import { exec, one, rows, type Sql } from '../../common/sql/db';
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

/** Jobs that failed a try and wait for the next (state retry), soonest first. */
export function retryingJobs<T>(q: Sql, limit: number) {
  return rows<T>(
    q,
    `SELECT id::text, name, retry_count, retry_limit, coalesce(output->>'message', output::text, '') AS error,
            created_on, start_after AS next_try_on
       FROM ${JOBS_SCHEMA}.job WHERE state = 'retry' ORDER BY start_after, id LIMIT $1`,
    [limit],
  );
}

/** The queue name of a failed job. */
export async function failedJobName(q: Sql, id: string): Promise<string | undefined> {
  return (await one<{ name: string }>(q, `SELECT name FROM ${JOBS_SCHEMA}.job WHERE id::text = $1 AND state = 'failed'`, [id]))?.name;
}

/** The priority of a job being retried; fresh jobs have pg-boss's default, 0. */
export const RETRY_PRIORITY = 10;

/**
 * Raises a failing job's priority before pg-boss re-queues it (its retry keeps the priority).
 * pg-boss fetches by priority, then creation time, then start_after: a retry would otherwise
 * wait behind every job created with it (a 10,000-row bulk add's in one transaction) and all
 * created before, whatever its back-off. pg-boss's update() only reaches jobs not yet active.
 */
export async function prioritiseRetry(q: Sql, name: string, id: string): Promise<void> {
  await exec(
    q,
    `UPDATE ${JOBS_SCHEMA}.job SET priority = $3 WHERE name = $1 AND id = $2::uuid AND state = 'active' AND priority < $3 AND retry_count < retry_limit`,
    [name, id, RETRY_PRIORITY],
  );
}
