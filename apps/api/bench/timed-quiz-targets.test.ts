import { describe, expect, it } from 'vitest';
import { compareTimedQuiz } from './quiz.scenarios';
import type { Simulation } from './scenario';

const run = (figures: Partial<Simulation['figures']>): Simulation => ({
  lines: [],
  figures: {
    students: 300,
    refusedStarts: 0,
    autosaveP50: 4,
    autosaveP99: 20,
    failedSaves: 0,
    submitP50: 100,
    submitP99: 400,
    failedSubmits: 0,
    lost: 0,
    acked: 3000,
    open: 0,
    ...figures,
  },
});

describe("the timed class's figures beside the ceiling's", () => {
  it('prints both servers p50/p99 of autosave and submit with the p99 ratio, meeting the 1.5x target at or under it', () => {
    const lines = compareTimedQuiz(run({ autosaveP99: 30, submitP99: 600 }), run({}));
    expect(lines[0]).toContain(
      'autosave: p50 nest 4.0 / ceiling 4.0 ms, p99 nest 30.0 / ceiling 20.0 ms; p99 ratio 1.50 (meets target <= 1.5x',
    );
    expect(lines[1]).toContain(
      'submit at the deadline: p50 nest 100.0 / ceiling 100.0 ms, p99 nest 600.0 / ceiling 400.0 ms; p99 ratio 1.50 (meets',
    );
    expect(lines[2]).toContain('answers lost 0 of 3000 (meets target 0); starts refused 0 of 300 (meets target 0)');
  });

  it('says MISSES for a p99 over 1.5x the ceiling, a lost answer or a refused start', () => {
    const lines = compareTimedQuiz(run({ autosaveP99: 31, submitP99: 900, lost: 1, refusedStarts: 2 }), run({}));
    expect(lines[0]).toContain('p99 ratio 1.55 (MISSES');
    expect(lines[1]).toContain('p99 ratio 2.25 (MISSES');
    expect(lines[2]).toContain('answers lost 1 of 3000 (MISSES target 0); starts refused 2 of 300 (MISSES target 0)');
  });
});
