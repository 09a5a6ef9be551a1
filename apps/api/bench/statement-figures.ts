import { readFileSync, writeFileSync } from 'node:fs';
import type pg from 'pg';
import type { Scenario, ScenarioContext } from './scenario';

/**
 * Each scenario's statement timed alone, against the last known figures kept in
 * statement-figures.json (committed; `--update-figures` rewrites the entries of the scenarios run).
 */

export interface StatementFigures {
  median: number;
  p99: number;
  runs: number;
  /** The load average (1 minute) when measured: the machine is shared. */
  load: number;
  at: string;
}

// From bench/ (the source) and from dist/ (the built bench.js) alike.
export const FIGURES_FILE = new URL('../bench/statement-figures.json', import.meta.url);

export function readFigures(file: URL = FIGURES_FILE): Record<string, StatementFigures> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, StatementFigures>;
  } catch {
    return {};
  }
}

export function writeFigures(figures: Record<string, StatementFigures>, file: URL = FIGURES_FILE): void {
  const sorted = Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/**
 * Runs the scenario's statements one after another (one connection, so nothing queues) for `runs`
 * calls after `warmUp` untimed ones (each connection plans a prepared statement afresh at first).
 */
export async function timeStatement(
  scenario: Scenario,
  ctx: ScenarioContext,
  pool: pg.Pool,
  load: () => number,
  runs = 300,
  warmUp = 30,
): Promise<StatementFigures | undefined> {
  const calls = await scenario.statementAlone?.(ctx, pool);
  if (!calls?.length) return undefined;
  for (let i = 0; i < warmUp; i++) await calls[i % calls.length]();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await calls[i % calls.length]();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return { median: round(percentile(times, 50)), p99: round(percentile(times, 99)), runs, load: load(), at: new Date().toISOString() };
}

/** One line: the statement's figures now, the last known ones and the change of the median. */
export function figuresLine(name: string, now: StatementFigures, last: StatementFigures | undefined): string {
  const f = (n: number) => n.toFixed(2);
  const head = `${name.padEnd(28)} statement alone: median ${f(now.median)} ms, p99 ${f(now.p99)} ms (${now.runs} runs, load ${now.load.toFixed(2)})`;
  if (!last) return `${head}; no last known figures`;
  const change = ((now.median - last.median) / last.median) * 100;
  return (
    `${head}; last known median ${f(last.median)} ms, p99 ${f(last.p99)} ms (load ${last.load.toFixed(2)}, ${last.at.slice(0, 10)}): ` +
    `median ${change >= 0 ? '+' : ''}${change.toFixed(0)}%${change > 50 ? ' SLOWER' : ''}`
  );
}
