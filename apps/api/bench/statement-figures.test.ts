import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FIGURES_FILE,
  figuresLine,
  percentile,
  readFigures,
  type StatementFigures,
  timeStatement,
  writeFigures,
} from './statement-figures';
import { scenarios } from './scenarios';
import type { Scenario, ScenarioContext } from './scenario';

const figures = (median: number, p99: number): StatementFigures => ({ median, p99, runs: 300, load: 1, at: '2026-11-28T16:00:00.000Z' });
const dir = mkdtempSync(join(tmpdir(), 'statement-figures-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the statement timed alone beside the last known figures', () => {
  it('shows a slower statement even when nothing else changed', () => {
    expect(figuresLine('cohort view', figures(9, 14), figures(3, 5))).toMatch(/median \+200% SLOWER$/);
    expect(figuresLine('cohort view', figures(3.1, 5), figures(3, 5))).toMatch(/median \+3%$/);
    expect(figuresLine('cohort view', figures(3, 5), undefined)).toMatch(/no last known figures$/);
  });

  it('keeps the figures in a file that --update-figures rewrites and the next run reads', () => {
    const file = pathToFileURL(join(dir, 'figures.json'));
    expect(readFigures(file)).toEqual({});
    writeFigures({ 'cohort view': figures(3, 5), 'dashboard (user-cohorts)': figures(1, 2) }, file);
    expect(readFigures(file)['cohort view']).toEqual(figures(3, 5));
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(true);
  });

  it('reads committed figures of the cohort view, each of a scenario that times its statement', () => {
    const committed = readFigures(FIGURES_FILE);
    expect(committed['cohort view']?.median).toBeGreaterThan(0);
    for (const name of Object.keys(committed)) expect(scenarios.find((s) => s.name === name)?.statementAlone).toBeTypeOf('function');
    for (const name of ['cohort view', 'dashboard (user-cohorts)', 'students list, search'])
      expect(scenarios.find((s) => s.name === name)?.statementAlone).toBeTypeOf('function');
  });

  it('times each call after the warm-up, median and p99 of the sorted times', async () => {
    let calls = 0;
    const scenario = {
      name: 'x',
      statementAlone: async () => [async () => void calls++],
    } as unknown as Scenario;
    const result = await timeStatement(scenario, {} as ScenarioContext, {} as never, () => 0.5, 20, 5);
    expect(calls).toBe(25);
    expect(result).toMatchObject({ runs: 20, load: 0.5 });
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 99)).toBe(4);
  });
});
