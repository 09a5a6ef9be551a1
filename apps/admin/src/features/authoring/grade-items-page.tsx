import { ADMIN_MESSAGES, type CohortGradeLesson, isApiError, latePolicyText } from '@school/contracts';
import { AppLink, Button, ButtonLink, formatDateTime, routeKey, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { useNotify } from '../../lib/notice';
import { gradingPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { fromLocalInput, toLocalInput } from './local-datetime';
import './authoring.css';

const TYPE_LABELS: Record<string, string> = { PROJECT: 'Project submission', QUIZ: 'Online quiz' };
const FIELD_NAMES = ['deadline_datetime', 'late_deadline_datetime', 'result_open_datetime'] as const;
const when = (iso: string | null | undefined, none: string) => (iso ? formatDateTime(iso) : none);

/** /admin/cohorts/{id}/grade-items: the cohort's quiz and project lessons, each with its dates, weight and mandatory flag. */
export function GradeItemsPage() {
  const { id = '' } = useParams();
  const query = useRouteQuery('adminCohortGradeLessons', { params: { cohortId: id } }, { select: (r) => r.data });
  const [editing, setEditing] = useState<string | null>(null);
  usePageTitle('Grade items');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Grade items"
        subtitle="When each quiz and project opens, its deadline, when results open, its weight in the total and whether it is mandatory."
        back={{ to: paths.cohort(id), label: 'Cohort' }}
        actions={
          <ButtonLink variant="secondary" to={gradingPaths('/admin').cohort(id)}>
            Grading
          </ButtonLink>
        }
      />
      <QueryView query={query} label="the grade items" homePath={paths.cohorts}>
        {(lessons) =>
          lessons.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">The cohort's courses have no quiz or project lessons.</p>
          ) : (
            <ul className="ui-stack ui-plain-list" aria-label="Quiz and project lessons">
              {lessons.map((l) => (
                <li key={l.lesson_id_slug} className="admin-authoring__fieldset ui-stack">
                  <div className="admin-row admin-authoring__item-head">
                    <div>
                      <h2 className="admin-section-title">{l.lesson_title}</h2>
                      <p className="ui-muted ui-muted--small">
                        {l.course_title} · {TYPE_LABELS[l.lesson_type] ?? l.lesson_type}
                      </p>
                    </div>
                    {editing !== l.lesson_id_slug && (
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setEditing(l.lesson_id_slug)}
                        aria-label={`Edit ${l.lesson_title}`}
                      >
                        {l.grade_item ? 'Edit' : 'Set up'}
                      </Button>
                    )}
                  </div>
                  {editing === l.lesson_id_slug ? (
                    <GradeItemForm cohortId={id} lesson={l} onDone={() => setEditing(null)} />
                  ) : l.grade_item ? (
                    <p>
                      Opens {when(l.grade_item.open_datetime, 'at the cohort start')} · deadline{' '}
                      {when(l.grade_item.deadline_datetime, 'none')}
                      {l.grade_item.late_deadline_datetime ? ` · late until ${formatDateTime(l.grade_item.late_deadline_datetime)}` : ''} ·
                      results {when(l.grade_item.result_open_datetime, 'at the cohort result date')} · weight{' '}
                      {l.grade_item.grade_percentage}%{l.grade_item.is_mandatory ? ' · Mandatory' : ' · Optional'}
                      {l.grade_item.is_default ? " · set by default (the cohort's dates, an even share of the weight)" : ''}
                      {latePolicyText(l.grade_item) ? ` · late work ${latePolicyText(l.grade_item)}` : ''} ·{' '}
                      <AppLink to={gradingPaths('/admin').item(l.grade_item.id_slug)}>Extensions and submissions</AppLink>
                    </p>
                  ) : (
                    <p className="ui-muted ui-muted--small">Not graded in this cohort yet.</p>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}

function GradeItemForm({ cohortId, lesson, onDone }: { cohortId: string; lesson: CohortGradeLesson; onDone: () => void }) {
  const g = lesson.grade_item;
  const notify = useNotify();
  const [open, setOpen] = useState(toLocalInput(g?.open_datetime ?? null));
  const [deadline, setDeadline] = useState(toLocalInput(g?.deadline_datetime ?? null));
  const [late, setLate] = useState(toLocalInput(g?.late_deadline_datetime ?? null));
  const [result, setResult] = useState(toLocalInput(g?.result_open_datetime ?? null));
  const [weight, setWeight] = useState(g ? String(g.grade_percentage) : '');
  const [mandatory, setMandatory] = useState(g?.is_mandatory ?? true);
  const [perDay, setPerDay] = useState(g?.late_penalty_per_day === null || !g ? '' : String(g.late_penalty_per_day));
  const [cap, setCap] = useState(g?.late_score_cap === null || !g ? '' : String(g.late_score_cap));
  const [error, setError] = useState<string | null>(null);
  // The API's messages for single fields, shown under the field they are about.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const save = useRouteMutation('adminUpdateGradeItem', {
    invalidates: () => [
      routeKey('adminCohortGradeLessons', { params: { cohortId } }),
      routeKey('gradingItems', { params: { cohortId } }),
      routeKey('gradebook', { params: { cohortId } }),
    ],
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    const pct = Number(weight);
    if (weight.trim() === '' || !Number.isFinite(pct) || pct < 0 || pct > 100) return setError('Weight must be a number from 0 to 100');
    const penalty = perDay.trim() === '' ? null : Number(perDay);
    if (penalty !== null && (!Number.isFinite(penalty) || penalty <= 0 || penalty > 100))
      return setError('The penalty per day must be more than 0 and at most 100');
    const capped = cap.trim() === '' ? null : Number(cap);
    if (capped !== null && (!Number.isFinite(capped) || capped < 0 || capped > 100)) return setError('The cap must be from 0 to 100');
    save.mutate(
      {
        params: { cohortId, lessonId: lesson.lesson_id_slug },
        body: {
          open_datetime: fromLocalInput(open),
          deadline_datetime: fromLocalInput(deadline),
          late_deadline_datetime: fromLocalInput(late),
          result_open_datetime: fromLocalInput(result),
          is_mandatory: mandatory,
          grade_percentage: pct,
          late_penalty_per_day: penalty,
          late_score_cap: capped,
        },
      },
      {
        onSuccess: () => {
          notify.success(`Grade item saved: ${lesson.lesson_title}.`);
          onDone();
        },
        onError: (err) => {
          if (!isApiError(err)) return setError(ADMIN_MESSAGES.genericFailure);
          const fields = err.errors ?? {};
          const shown = FIELD_NAMES.filter((f) => fields[f]);
          if (shown.length) setFieldErrors(Object.fromEntries(shown.map((f) => [f, fields[f]])));
          else setError(err.message);
        },
      },
    );
  };
  return (
    <form className="ui-stack" onSubmit={onSubmit} noValidate aria-label={`Grade item of ${lesson.lesson_title}`}>
      <div className="admin-authoring__dates">
        <TextField
          label="Open date"
          type="datetime-local"
          value={open}
          onChange={(e) => setOpen(e.target.value)}
          hint="Empty: the cohort's start."
        />
        <TextField
          label="Deadline"
          type="datetime-local"
          value={deadline}
          onChange={(e) => setDeadline(e.target.value)}
          error={fieldErrors.deadline_datetime}
        />
        <TextField
          label="Late deadline"
          type="datetime-local"
          value={late}
          onChange={(e) => setLate(e.target.value)}
          hint="Late hand-ins are taken until then, flagged late."
          error={fieldErrors.late_deadline_datetime}
        />
        <TextField
          label="Result date"
          type="datetime-local"
          value={result}
          onChange={(e) => setResult(e.target.value)}
          hint="Empty: the cohort's result date."
          error={fieldErrors.result_open_datetime}
        />
        <TextField label="Weight (%)" type="number" min={0} max={100} value={weight} onChange={(e) => setWeight(e.target.value)} />
        <TextField
          label="Late penalty per day (%)"
          type="number"
          min={0}
          max={100}
          value={perDay}
          onChange={(e) => setPerDay(e.target.value)}
          hint="Points of 100 a late grade loses per started day late. Empty: none."
        />
        <TextField
          label="Cap on a late grade (%)"
          type="number"
          min={0}
          max={100}
          value={cap}
          onChange={(e) => setCap(e.target.value)}
          hint="The most a late grade can be. Empty: no cap."
        />
        <label className="admin-authoring__check">
          <input type="checkbox" checked={mandatory} onChange={(e) => setMandatory(e.target.checked)} />
          Mandatory
        </label>
      </div>
      {error && (
        <p className="admin-danger-text" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save grade item
        </Button>
      </div>
    </form>
  );
}
