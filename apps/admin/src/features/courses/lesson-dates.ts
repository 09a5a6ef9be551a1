import { DEFAULT_PHASES, LESSON_DATE_FIELDS, type LessonDateField, type LessonDateTemplate } from '@school/contracts';
import { anchorOf, anchorValue, type Unit } from '../../lib/date-rules';

/*
 * A quiz or project lesson's date template as its dialog holds it: each of its four dates either
 * the cohort's default or an offset from the cohort's start, a phase, or another date of the lesson.
 */

export const DATE_FIELD_LABELS: Record<LessonDateField, string> = {
  open: 'Opens',
  deadline: 'Deadline',
  late: 'Late deadline',
  result: 'Results open',
};

/** How another date of the same lesson is named as an anchor. */
const ITEM_LABELS: Record<LessonDateField, string> = {
  open: "This lesson's opening",
  deadline: "This lesson's deadline",
  late: "This lesson's late deadline",
  result: "This lesson's results",
};

export const AMOUNT_MESSAGE = 'Enter a whole number, such as 3 or -2';

export interface DateDraft {
  kind: 'DEFAULT' | 'RELATIVE';
  /** The anchor as the select holds it: 'COHORT_START', 'PHASE_END:OJT', 'ITEM:deadline'. */
  anchor: string;
  amount: string;
  unit: Unit;
  at: string;
}

export type TemplateDraft = Record<LessonDateField, DateDraft>;

/** What field `field` may count from: the cohort's start, each phase's first and last day, the lesson's other dates. */
export function templateAnchorOptions(field: LessonDateField) {
  return [
    { value: 'COHORT_START', label: 'Cohort start' },
    ...DEFAULT_PHASES.flatMap((p) => [
      { value: `PHASE_START:${p.key}`, label: `${p.title} start` },
      { value: `PHASE_END:${p.key}`, label: `${p.title} end` },
    ]),
    ...LESSON_DATE_FIELDS.filter((f) => f !== field).map((f) => ({ value: `ITEM:${f}`, label: ITEM_LABELS[f] })),
  ];
}

const blank: DateDraft = { kind: 'DEFAULT', anchor: 'COHORT_START', amount: '0', unit: 'DAYS', at: '' };

export function templateDraftOf(template: LessonDateTemplate): TemplateDraft {
  const draftOf = (rule: LessonDateTemplate[LessonDateField]): DateDraft =>
    rule
      ? {
          kind: 'RELATIVE',
          anchor: anchorValue(rule.anchor),
          amount: String(rule.offset.amount),
          unit: rule.offset.unit,
          at: rule.offset.at ?? '',
        }
      : { ...blank };
  return {
    open: draftOf(template.open),
    deadline: draftOf(template.deadline),
    late: draftOf(template.late),
    result: draftOf(template.result),
  };
}

/** The fields whose amount is blank or not a whole number (the API would refuse the whole rule). */
export function badAmounts(draft: TemplateDraft): LessonDateField[] {
  return LESSON_DATE_FIELDS.filter((f) => {
    const d = draft[f];
    return d.kind === 'RELATIVE' && (d.amount.trim() === '' || !Number.isInteger(Number(d.amount)));
  });
}

/** The template the draft says; a bad time of day is left for the API to answer by field. */
export function templateOf(draft: TemplateDraft): LessonDateTemplate {
  const ruleOf = (d: DateDraft) => {
    if (d.kind === 'DEFAULT') return null;
    const at = d.at.trim();
    return { anchor: anchorOf(d.anchor), offset: { amount: Number(d.amount), unit: d.unit, ...(at ? { at } : {}) } };
  };
  return { open: ruleOf(draft.open), deadline: ruleOf(draft.deadline), late: ruleOf(draft.late), result: ruleOf(draft.result) };
}
