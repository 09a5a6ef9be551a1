import { NotFoundException } from '@nestjs/common';
import type { RubricCriterion, RubricScore } from '@school/contracts';
import type { AuthUser } from '../../common/auth.decorators';
import type { ItemTimes } from './grading-sql';

export const PROJECT_INSTRUCTIONS_PURPOSE = 'project-instructions';
export const NOT_AVAILABLE = 'This content is not available right now.';
export const RELEASE_GRADES_JOB = 'release-due-grades';
export const SUSPENDED_SUBMIT_MESSAGE = 'Your enrolment in this class is suspended, so you cannot hand in work.';
export const ACCESS_ENDED_SUBMIT_MESSAGE = 'This class has ended, so work can no longer be handed in.';

export const timesOf = (t: ItemTimes) => ({
  now: t.now_ms,
  opensAt: t.opens_ms,
  deadline: t.deadline_ms,
  lateDeadline: t.late_deadline_ms,
});

/** The rubric's grade: its points over the most each criterion can give, 0-100 to two decimals. */
export function rubricGrade(rubric: RubricCriterion[], scores: RubricScore[]): number | null {
  if (!rubric.length) return null;
  let got = 0;
  let max = 0;
  for (const c of rubric) {
    const score = scores.find((s) => s.criterion_id === c.id);
    if (!score || !c.levels[score.level_index]) return null;
    got += c.levels[score.level_index].points;
    max += Math.max(...c.levels.map((l) => l.points));
  }
  return max > 0 ? Math.round((got / max) * 10_000) / 100 : 0;
}

/** A grader's user id and whether they are an admin; anyone else gets the same 404 as a missing record. */
export function graderOf(me: AuthUser): [string, boolean] {
  if (me.role !== 'ADMIN' && me.role !== 'INSTRUCTOR') throw new NotFoundException(NOT_AVAILABLE);
  return [me.id, me.role === 'ADMIN'];
}
