import type { ProjectSettings, RubricCriterion } from '@school/contracts';

/** A rubric criterion while it is edited: points as typed. */
export interface DraftCriterion {
  id: string;
  title: string;
  levels: { title: string; points: string; description: string }[];
}

export const toDraft = (rubric: readonly RubricCriterion[]): DraftCriterion[] =>
  rubric.map((c) => ({
    id: c.id,
    title: c.title,
    levels: c.levels.map((l) => ({ title: l.title, points: String(l.points), description: l.description ?? '' })),
  }));

/** A new criterion id, unique within the rubric. */
export function newCriterionId(rubric: readonly DraftCriterion[]): string {
  let n = rubric.length + 1;
  while (rubric.some((c) => c.id === `c${n}`)) n += 1;
  return `c${n}`;
}

/** The rubric to save, or the first problem found (in the words an author reads). */
export function fromDraft(rubric: readonly DraftCriterion[]): { rubric: ProjectSettings['rubric'] } | { error: string } {
  const out: ProjectSettings['rubric'] = [];
  for (const [i, c] of rubric.entries()) {
    const where = `Criterion ${i + 1}`;
    if (!c.title.trim()) return { error: `${where}: Criterion title is required` };
    if (c.levels.length === 0) return { error: `${where}: A criterion needs at least one level` };
    const levels = [];
    for (const [j, l] of c.levels.entries()) {
      const points = Number(l.points);
      if (!l.title.trim()) return { error: `${where}, level ${j + 1}: Level title is required` };
      if (l.points.trim() === '' || !Number.isFinite(points) || points < 0 || points > 1000)
        return { error: `${where}, level ${j + 1}: Points must be a number from 0 to 1000` };
      levels.push({ title: l.title.trim(), points, ...(l.description.trim() ? { description: l.description.trim() } : {}) });
    }
    out.push({ id: c.id, title: c.title.trim(), levels });
  }
  return { rubric: out };
}
