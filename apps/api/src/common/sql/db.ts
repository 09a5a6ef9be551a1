import type pg from 'pg';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';

/**
 * Where a raw statement runs: the DataSource, a transaction's EntityManager, or a bare pg client
 * (a pooled connection of the benchmark's ceiling, which runs the modules' query functions).
 */
export type Sql = DataSource | EntityManager | pg.ClientBase;

interface Result<T> {
  records: T[];
  affected: number;
}

const isTypeorm = (q: Sql): q is DataSource | EntityManager => q instanceof DataSource || 'dataSource' in q;

/**
 * Runs one statement and answers its rows and affected-row count alike for every kind of statement
 * (TypeORM's plain `query()` answers `[rows, count]` for UPDATE and DELETE but the rows for SELECT).
 */
async function run<T>(q: Sql, sql: string, params: readonly unknown[]): Promise<Result<T>> {
  if (!isTypeorm(q)) {
    const res = await q.query(sql, params as unknown[]);
    return { records: res.rows as T[], affected: res.rowCount ?? 0 };
  }
  const ds = q instanceof DataSource ? q : q.dataSource;
  const own: QueryRunner | undefined = q instanceof DataSource ? undefined : q.queryRunner;
  const runner = own ?? ds.createQueryRunner();
  try {
    const res = await runner.query(sql, params as unknown[], true);
    return { records: (res.records ?? []) as T[], affected: res.affected ?? 0 };
  } finally {
    if (!own) await runner.release();
  }
}

/** Every row of a statement. */
export async function rows<T>(q: Sql, sql: string, params: readonly unknown[] = []): Promise<T[]> {
  return (await run<T>(q, sql, params)).records;
}

/** The first row of a statement, or undefined when it answers none. */
export async function one<T>(q: Sql, sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
  return (await run<T>(q, sql, params)).records[0];
}

/** The first row of a statement that always answers one (an aggregate, a RETURNING of an insert). */
export async function mustOne<T>(q: Sql, sql: string, params: readonly unknown[] = []): Promise<T> {
  const row = await one<T>(q, sql, params);
  if (row === undefined) throw new Error('The statement answered no row');
  return row;
}

/** Runs a statement for its effect; answers the number of rows it inserted, updated or deleted. */
export async function exec(q: Sql, sql: string, params: readonly unknown[] = []): Promise<number> {
  return (await run(q, sql, params)).affected;
}

/** The pg pool behind the DataSource (its request pool), for what TypeORM does not offer. */
export function poolOf(ds: DataSource): pg.Pool & { options: pg.PoolConfig } {
  return (ds.driver as unknown as { master: pg.Pool & { options: pg.PoolConfig } }).master;
}

/**
 * Runs a hot statement as a named prepared statement on the DataSource's own pool (or a bare client): each
 * pooled connection plans the statement once and PostgreSQL reuses the plan, which matters for the large
 * single-statement reads (planning them costs as much as running them).
 */
export async function preparedRows<T>(on: DataSource | pg.ClientBase, name: string, text: string, values: unknown[]): Promise<T[]> {
  const runner = on instanceof DataSource ? poolOf(on) : on;
  const result = await runner.query({ name, text, values });
  return result.rows as T[];
}
