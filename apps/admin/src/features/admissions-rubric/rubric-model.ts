import type { AdmissionCriterion, Rubric } from '@school/contracts';

/** The five levels every criterion describes, 1 (lowest) to 5. */
export const LEVELS = [1, 2, 3, 4, 5] as const;

/** A criterion being edited: `savedId` is the id the server knows it by (null until saved). */
export interface CriterionDraft {
  /** The editor's own key for the row (stable while it is edited). */
  key: string;
  savedId: string | null;
  title: string;
  description: string;
  weight: string;
  levels: string[];
}

let nextKey = 0;
const newKey = () => `criterion-${++nextKey}`;

export function toDrafts(criteria: AdmissionCriterion[]): CriterionDraft[] {
  return criteria.map((c) => ({
    key: newKey(),
    savedId: c.id,
    title: c.title,
    description: c.description,
    weight: String(c.weight),
    levels: [...c.levels],
  }));
}

export function newCriterion(): CriterionDraft {
  return { key: newKey(), savedId: null, title: '', description: '', weight: '1', levels: LEVELS.map(() => '') };
}

const MAX_ID = 40;

/** A criterion id from its title: lower case letters, digits and hyphens, at most 40 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, MAX_ID)
    .replace(/-+$/, '');
  return slug || 'criterion';
}

/**
 * Each criterion's id: a saved criterion keeps its own; a new one takes the slug of its title,
 * with `-2`, `-3`... when another criterion has it already.
 */
export function criterionIds(drafts: CriterionDraft[]): string[] {
  const taken = new Set(drafts.flatMap((d) => (d.savedId ? [d.savedId] : [])));
  return drafts.map((d) => {
    if (d.savedId) return d.savedId;
    const base = slugify(d.title);
    let id = base;
    for (let n = 2; taken.has(id); n++) {
      const suffix = `-${n}`;
      id = `${base.slice(0, MAX_ID - suffix.length).replace(/-+$/, '')}${suffix}`;
    }
    taken.add(id);
    return id;
  });
}

/** The rubric the editor sends: every criterion with its id, texts, weight and five level descriptions. */
export function toRubric(drafts: CriterionDraft[], blind: boolean): Rubric {
  const ids = criterionIds(drafts);
  return {
    criteria: drafts.map((d, i) => ({
      id: ids[i],
      title: d.title,
      description: d.description,
      // An empty or unreadable weight goes as null: the API names the field.
      weight: d.weight.trim() === '' ? Number.NaN : Number(d.weight),
      levels: [...d.levels],
    })),
    blind,
  };
}

export interface CriterionErrors {
  id?: string;
  title?: string;
  description?: string;
  weight?: string;
  /** The whole set of levels (e.g. not five). */
  levelsAll?: string;
  levels: (string | undefined)[];
}

/**
 * The API's field errors (`criteria.0.title`, `criteria.0.levels.2`...) for each criterion sent,
 * by the editor's row key; the other errors (`criteria`, `body`) apart.
 */
export function splitErrors(
  errors: Record<string, string> | undefined,
  sent: CriterionDraft[],
): { byKey: Map<string, CriterionErrors>; general: string[] } {
  const byKey = new Map<string, CriterionErrors>();
  const general: string[] = [];
  for (const [field, message] of Object.entries(errors ?? {})) {
    const m = /^criteria\.(\d+)\.(id|title|description|weight|levels)(?:\.(\d+))?$/.exec(field);
    const draft = m ? sent[Number(m[1])] : undefined;
    if (!m || !draft) {
      general.push(message);
      continue;
    }
    const entry = byKey.get(draft.key) ?? { levels: [] };
    const name = m[2] as 'id' | 'title' | 'description' | 'weight' | 'levels';
    if (name === 'levels') {
      if (m[3] === undefined) entry.levelsAll = message;
      else entry.levels[Number(m[3])] = message;
    } else entry[name] = message;
    byKey.set(draft.key, entry);
  }
  return { byKey, general };
}

/** Moves the item at `from` to `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
