import type { CreateInterviewSlotInput, InterviewCriterion, InterviewSlot } from '@school/contracts';

/** Malaysia keeps +08:00 all year: a time typed as the school's wall clock becomes one moment. */
export const SCHOOL_OFFSET = '+08:00';

export interface SlotDraft {
  /** `YYYY-MM-DDTHH:mm` as typed in the datetime-local field, in Malaysia time. */
  starts_at: string;
  duration_minutes: string;
  place: string;
  meeting_link: string;
  capacity: string;
  panel_ids: string[];
}

export const emptySlot = (): SlotDraft => ({
  starts_at: '',
  duration_minutes: '30',
  place: '',
  meeting_link: '',
  capacity: '1',
  panel_ids: [],
});

/** A published slot as the form edits it: its moment on the school's wall clock (Malaysia time). */
export function toSlotDraft(s: InterviewSlot): SlotDraft {
  const wall = new Date(Date.parse(s.starts_at) + 8 * 3600_000).toISOString().slice(0, 16);
  return {
    starts_at: wall,
    duration_minutes: String(s.duration_minutes),
    place: s.place,
    meeting_link: s.meeting_link,
    capacity: String(s.capacity),
    panel_ids: s.panel.map((p) => p.id_slug),
  };
}

/** The slot as the API takes it; a blank time stays blank for the API to name. */
export function toSlotBody(d: SlotDraft): CreateInterviewSlotInput {
  return {
    starts_at: d.starts_at ? `${d.starts_at}:00${SCHOOL_OFFSET}` : '',
    duration_minutes: Number(d.duration_minutes),
    place: d.place,
    meeting_link: d.meeting_link.trim(),
    capacity: Number(d.capacity),
    panel_ids: d.panel_ids,
  };
}

export interface CriterionDraft {
  key: string;
  /** The saved id; new criteria take theirs from the title. */
  id: string | null;
  title: string;
  max_points: string;
}

let seq = 0;
export const newCriterion = (): CriterionDraft => ({ key: `new-${++seq}`, id: null, title: '', max_points: '10' });
export const toCriterionDrafts = (cs: InterviewCriterion[]): CriterionDraft[] =>
  cs.map((c) => ({ key: c.id, id: c.id, title: c.title, max_points: String(c.max_points) }));

/** A criterion id from its title: lower-case letters and digits joined by '-', at most 40, unique in the rubric. */
export function criterionIds(drafts: CriterionDraft[]): string[] {
  const used = new Set(drafts.flatMap((d) => (d.id ? [d.id] : [])));
  return drafts.map((d, i) => {
    if (d.id) return d.id;
    const base =
      d.title
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 36) || `criterion-${i + 1}`;
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

export const toInterviewRubric = (drafts: CriterionDraft[]) => {
  const ids = criterionIds(drafts);
  return { criteria: drafts.map((d, i) => ({ id: ids[i], title: d.title, max_points: Number(d.max_points) })) };
};
