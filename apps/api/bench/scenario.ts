import type pg from 'pg';
import type { DataSource } from 'typeorm';
import type { LargeSchoolOptions, SeededSchool } from './seed-school';

/** One request autocannon sends; the same list goes to the Nest app and to the ceiling. */
export interface BenchRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path with query, e.g. /api/cohorts/abc/user/def/ */
  path: string;
  headers?: Record<string, string>;
  /** JSON text of the body. */
  body?: string;
}

export interface ScenarioContext {
  /** The benchmark's own database (TypeORM, for looking up ids and undoing writes). */
  db: DataSource;
  school: SeededSchool;
  /** A valid access token of a user, as the API signs them. */
  tokenFor(user: { id: string; id_slug: string; role: 'STUDENT' | 'INSTRUCTOR' | 'ADMIN' }): string;
}

/** What the ceiling server hands a scenario's handler: the request as received. */
export interface CeilingRequest {
  method: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** The user of a bench token, as the API's guard would find it (the ceiling checks no signature). */
export function userOf(req: CeilingRequest): string {
  const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
  return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { uid: string }).uid;
}

/** The answer: `body` to stringify, or `json` already serialised (as the API sends some answers). */
export type CeilingAnswer = { status: number; body: unknown } | { status: number; json: string };

/**
 * A benchmark scenario: the requests to send, and the ceiling's handler that answers them with
 * the same SQL on plain `pg` (no framework, no validation, no auth), so the ratio shows what the
 * Nest stack costs.
 */
export interface Scenario {
  name: string;
  /** The requests, sent in turn; a long list spreads the load over many users and rows. */
  requests(ctx: ScenarioContext): Promise<BenchRequest[]>;
  /** Runs before each measured run (against either server), e.g. to undo the previous run's writes. */
  reset?(ctx: ScenarioContext): Promise<void>;
  /** The same SQL as the endpoint, with plain pg, on a connection of the ceiling's pool held for the request. */
  ceiling(client: pg.PoolClient, req: CeilingRequest): Promise<CeilingAnswer>;
  /** Connection counts to measure (default [50, 10]). */
  connections?: number[];
  /** Seconds per measured run (default BENCH_DURATION or 10). */
  duration?: number;
  /**
   * A run of the scenario's own shape beside the fixed load (e.g. a class taking a timed quiz),
   * against each server in turn after `reset`; answers the lines to print.
   */
  simulate?(ctx: ScenarioContext, server: SimulatedServer): Promise<Simulation>;
  /** The lines setting the Nest app's simulation beside the ceiling's, with the targets (ratios to the ceiling). */
  compareSimulations?(nest: Simulation, ceiling: Simulation): string[];
  /**
   * The scenario's statement run directly on plain pg (no HTTP, no framework): one call per sample
   * request, each answering when the statement has. The benchmark repeats them and prints the median
   * and p99 beside the last known figures (statement-figures.json), so a dearer query shows even when
   * the ratio to the ceiling, which runs the same statement, holds.
   */
  statementAlone?(ctx: ScenarioContext, pool: pg.Pool): Promise<(() => Promise<unknown>)[]>;
  /** Targets printed beside the figures. */
  targets?: { minRatio?: number; maxP99Ms10?: number };
  /**
   * What of the large school the scenario needs (over the small one: an admin, one short course and cohort), when it
   * prepares its own data; absent, it measures the whole default school (10,000 students with progress).
   */
  seed?: Partial<LargeSchoolOptions>;
}

/** A server as a simulation sees it: its name and a way to send it a request. */
export interface SimulatedServer {
  name: 'nest' | 'ceiling';
  send(r: BenchRequest): Promise<{ status: number; text: string }>;
}

/** What a simulation printed of one server, and its figures by name for comparing the two servers. */
export interface Simulation {
  lines: string[];
  figures: Record<string, number>;
}
