import {
  ADMIN_MESSAGES,
  type CallResult,
  isApiError,
  LESSON_DATE_FIELDS,
  type LessonDateField,
  type LessonDateTemplate,
} from '@school/contracts';
import { Button, Modal, routeQueryKey, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { QueryView } from '../../../components/query-view';
import { fieldError } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { UNIT_OPTIONS, type Unit } from '../../../lib/date-rules';
import {
  AMOUNT_MESSAGE,
  badAmounts,
  DATE_FIELD_LABELS,
  type DateDraft,
  templateAnchorOptions,
  templateDraftOf,
  templateOf,
  type TemplateDraft,
} from '../lesson-dates';

const KIND_OPTIONS = [
  { value: 'DEFAULT', label: "The cohort's default" },
  { value: 'RELATIVE', label: 'Relative' },
];

/** The API's message for the first of `fields` it named. */
const firstError = (error: unknown, fields: string[]) => fields.map((f) => fieldError(error, f)).find(Boolean);
const anchorFields = (f: LessonDateField) => [`${f}.anchor`, `${f}.anchor.kind`, `${f}.anchor.phase`, `${f}.anchor.item_key`];
const offsetFields = (f: LessonDateField) => [`${f}.offset`, `${f}.offset.amount`, `${f}.offset.unit`, `${f}.offset.at`];
const TEMPLATE_FIELDS = LESSON_DATE_FIELDS.flatMap((f) => [f, ...anchorFields(f), ...offsetFields(f)]);

/** The API's message when it names none of the form's fields (a loop of dates, a missing lesson), else nothing. */
function otherError(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  return TEMPLATE_FIELDS.some((f) => fieldError(error, f)) ? undefined : error.message;
}

/**
 * A saved quiz or project lesson's dates in every cohort that links its course: each of its four
 * dates the cohort's default or an offset from the cohort's start, a phase, or another of its dates.
 * Saved at once (not with the curriculum); the cohorts are dated again.
 */
export function LessonDatesDialog({ lesson, onClose }: { lesson: { id_slug: string; title: string } | null; onClose: () => void }) {
  return (
    <Modal open={lesson !== null} onClose={onClose} title={`Dates in cohorts: ${lesson?.title ?? ''}`} size="lg">
      {lesson && <LessonDates key={lesson.id_slug} lesson={lesson} onClose={onClose} />}
    </Modal>
  );
}

function LessonDates({ lesson, onClose }: { lesson: { id_slug: string; title: string }; onClose: () => void }) {
  const template = useRouteQuery('adminLessonDateTemplateGet', { params: { lessonId: lesson.id_slug } }, { select: (r) => r.data });
  return (
    <QueryView query={template} label="this lesson's dates">
      {(data) => <TemplateForm lesson={lesson} template={data} onClose={onClose} />}
    </QueryView>
  );
}

function TemplateForm({
  lesson,
  template,
  onClose,
}: {
  lesson: { id_slug: string; title: string };
  template: LessonDateTemplate;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TemplateDraft>(() => templateDraftOf(template));
  // A blank or broken amount is told here, by its field: the API would refuse the whole rule.
  const [amountErrors, setAmountErrors] = useState<LessonDateField[]>([]);
  const save = useRouteMutation('adminLessonDateTemplate', {
    invalidates: invalidations.adminLessonDateTemplate,
    // The dialog opens again on what was saved, without a refetch.
    onSuccess: (answer, { params }, queryClient) =>
      queryClient.setQueryData<CallResult<'adminLessonDateTemplateGet'>>(routeQueryKey('adminLessonDateTemplateGet', { params }), answer),
  });
  const notify = useNotify();
  const err = save.error;
  const set = <K extends keyof DateDraft>(field: LessonDateField, key: K, value: DateDraft[K]) =>
    setDraft((d) => ({ ...d, [field]: { ...d[field], [key]: value } }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const bad = badAmounts(draft);
    setAmountErrors(bad);
    if (bad.length) return;
    save.mutate(
      { params: { lessonId: lesson.id_slug }, body: templateOf(draft) },
      {
        onSuccess: () => {
          notify.success(`Dates saved for ${lesson.title}.`);
          onClose();
        },
        onError: (error) => !isApiError(error) && notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <form className="admin-form" aria-label={`Dates of ${lesson.title}`} onSubmit={onSubmit} noValidate>
      <p className="ui-muted ui-muted--small">
        Every cohort that links this course from now on dates this lesson from these rules (running cohorts keep their dates: change them on
        their Timeline tab); school days skip weekends, Malaysian public holidays and the school's closures.
      </p>
      {otherError(err) && <p role="alert">{otherError(err)}</p>}
      {LESSON_DATE_FIELDS.map((f) => {
        const d = draft[f];
        const relative = d.kind === 'RELATIVE';
        return (
          <fieldset key={f} className="admin-lesson-dates__field">
            <legend>{DATE_FIELD_LABELS[f]}</legend>
            <SelectField
              label="Date rule"
              options={KIND_OPTIONS}
              value={d.kind}
              onChange={(e) => set(f, 'kind', e.target.value as DateDraft['kind'])}
              error={relative ? undefined : fieldError(err, f)}
            />
            {relative && (
              <div className="admin-lesson-dates__rule">
                <SelectField
                  label="Counted from"
                  options={templateAnchorOptions(f)}
                  value={d.anchor}
                  onChange={(e) => set(f, 'anchor', e.target.value)}
                  error={firstError(err, [...anchorFields(f), f])}
                />
                <TextField
                  label="Amount"
                  type="number"
                  inputMode="numeric"
                  step={1}
                  required
                  value={d.amount}
                  onChange={(e) => set(f, 'amount', e.target.value)}
                  error={amountErrors.includes(f) ? AMOUNT_MESSAGE : firstError(err, [`${f}.offset.amount`, `${f}.offset`])}
                  hint="Negative counts back: -3 is three before"
                />
                <SelectField
                  label="Unit"
                  options={UNIT_OPTIONS}
                  value={d.unit}
                  onChange={(e) => set(f, 'unit', e.target.value as Unit)}
                  error={fieldError(err, `${f}.offset.unit`)}
                />
                <TextField
                  label="Time of day"
                  inputMode="numeric"
                  placeholder="23:59"
                  value={d.at}
                  onChange={(e) => set(f, 'at', e.target.value)}
                  error={fieldError(err, `${f}.offset.at`)}
                  hint="24-hour Malaysia time such as 09:00; empty for midnight"
                />
              </div>
            )}
          </fieldset>
        );
      })}
      <div className="admin-form__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save dates
        </Button>
      </div>
    </form>
  );
}
