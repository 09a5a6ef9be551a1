import { PgBoss } from 'pg-boss';

/** Where pg-boss keeps its tables, beside the school's in the same database. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Creates (or brings up to date) the job queue's tables in the database at `url` without running
 * any job: what a restore needs before it can copy queued and failed jobs back in.
 */
export async function installJobsSchema(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: JOBS_SCHEMA, supervise: false, schedule: false, max: 1 });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/** The application_name of the job queue's own connections (as PostgreSQL's activity views show them). */
export const JOBS_APPLICATION_NAME = 'school-jobs';
