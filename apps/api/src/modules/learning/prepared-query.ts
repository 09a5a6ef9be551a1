import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs a hot read as a named prepared statement on the DataSource's own pg pool: each pooled
 * connection plans the statement once and PostgreSQL reuses the plan, which matters for the
 * large single-statement reads (planning them costs as much as running them).
 */
export async function preparedRows<T>(ds: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (ds.driver as unknown as { master: pg.Pool }).master;
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}
