import { jobRoles } from '@school/catalogue';
import { isApiError, LOGBOOK_STATUS_LABELS, type LogbookWeekResponse } from '@school/contracts';
import {
  AppLink,
  Button,
  routeKey,
  ErrorView,
  LoadingIndicator,
  SelectField,
  TextAreaField,
  TextField,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { addDays, formatSchoolDate } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import { WeekFiles } from './week-files';
import './logbook.css';

type Week = LogbookWeekResponse['data'];
interface DayDraft {
  date: string;
  hours: string;
  tasks: string;
  job_role: string;
  evidence: string;
}
const ROLE_OPTIONS = jobRoles.map((r) => r.title);
const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** Every day of the week, with what is saved for it. */
function draftOf(w: Week): DayDraft[] {
  const out: DayDraft[] = [];
  for (let date = w.starts_on; date <= w.ends_on; date = addDays(date, 1)) {
    const saved = w.days.find((d) => d.date === date);
    out.push({
      date,
      hours: saved ? String(saved.hours) : '',
      tasks: saved?.tasks ?? '',
      job_role: saved?.job_role ?? '',
      evidence: saved?.evidence ?? '',
    });
  }
  return out;
}

/** /student/placements/{id}/logbook/{week}: a week's days to log and submit (read-only once submitted, unless returned). */
export function LogbookWeekPage() {
  const { placementId = '', week = '' } = useParams();
  const params = { placementId, week: Number(week) };
  const query = useRouteQuery('myLogbookWeek', { params }, { select: (r) => r.data });
  // Kept above the form, which starts afresh from what the server answers after a submission.
  const [done, setDone] = useState<string | null>(null);
  usePageTitle(`Logbook week ${week}`);
  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) return <ErrorView homePath={paths.dashboard} />;
  return <WeekForm key={query.data.status} week={query.data} placementId={placementId} done={done} setDone={setDone} />;
}

/** What a saved or submitted week changes: the week, the logbook's weeks and hours, the placement's hours. */
const logbookReads = () => [routeKey('myLogbookWeek'), routeKey('myLogbook'), routeKey('myPlacements')];

function WeekForm({
  week: w,
  placementId,
  done,
  setDone,
}: {
  week: Week;
  placementId: string;
  done: string | null;
  setDone: (message: string | null) => void;
}) {
  const params = { placementId, week: w.week };
  const formId = `week-${w.week}-days`;
  const [days, setDays] = useState<DayDraft[]>(() => draftOf(w));
  const save = useRouteMutation('saveMyLogbookWeek', { invalidates: () => [routeKey('myLogbook'), routeKey('myPlacements')] });
  const submit = useRouteMutation('submitMyLogbookWeek', { invalidates: logbookReads });
  const set = (i: number, key: keyof DayDraft, value: string) => setDays((ds) => ds.map((d, j) => (j === i ? { ...d, [key]: value } : d)));
  const total = days.reduce((n, d) => n + (Number(d.hours) || 0), 0);
  const body = {
    days: days.filter((d) => d.hours !== '' || d.tasks || d.evidence).map((d) => ({ ...d, hours: d.hours === '' ? 0 : d.hours })),
  };

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    save.mutate({ params, body }, { onSuccess: () => setDone('Saved. Submit the week when it is complete.') });
  };
  const onSubmit = () => {
    setDone(null);
    save.mutate(
      { params, body },
      {
        onSuccess: () => submit.mutate({ params }, { onSuccess: () => setDone('Submitted to your supervisor.') }),
      },
    );
  };
  const err = save.error ?? submit.error;
  return (
    <div className="ui-page ui-page--padded learn-logbook">
      <AppLink to={paths.logbook(placementId)}>← Logbook</AppLink>
      <h1>Week {w.week}</h1>
      <p className="learn-logbook__sub">
        {formatSchoolDate(w.starts_on)} – {formatSchoolDate(w.ends_on)} · {LOGBOOK_STATUS_LABELS[w.status]}
      </p>
      <p className="learn-logbook__target">
        <strong>{w.editable ? total : w.hours} hours</strong> of your {w.weekly_hours_target}-hour target
      </p>
      {w.events.length > 0 && (
        <ul className="learn-logbook__events" aria-label="History">
          {w.events.map((e) => (
            <li key={`${e.kind}-${e.at}`}>
              {e.kind === 'SUBMITTED' ? 'Submitted' : e.kind === 'APPROVED' ? 'Signed' : 'Returned'} by {e.by},{' '}
              {new Date(e.at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
              {e.comment && `: “${e.comment}”`}
            </li>
          ))}
        </ul>
      )}
      {done && <output className="learn-logbook__done">{done}</output>}
      {err && isApiError(err) && <p role="alert">{err.message}</p>}
      {w.editable ? (
        <form id={formId} className="ui-stack" onSubmit={onSave} noValidate aria-label={`Week ${w.week} days`}>
          {days.map((d, i) => {
            const name = `${WEEKDAY.format(new Date(`${d.date}T00:00:00Z`))} ${formatSchoolDate(d.date)}`;
            return (
              <fieldset key={d.date} className="learn-logbook__day">
                <legend>{name}</legend>
                <TextField
                  label={`Hours on ${name}`}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={24}
                  step={0.25}
                  value={d.hours}
                  onChange={(e) => set(i, 'hours', e.target.value)}
                />
                <TextAreaField label={`Tasks on ${name}`} rows={2} value={d.tasks} onChange={(e) => set(i, 'tasks', e.target.value)} />
                <SelectField
                  label={`Job role on ${name}`}
                  placeholder="Choose the job role practised"
                  options={ROLE_OPTIONS}
                  value={d.job_role}
                  onChange={(e) => set(i, 'job_role', e.target.value)}
                />
                <TextAreaField
                  label={`Evidence on ${name}`}
                  rows={2}
                  hint="In words: what shows the work was done"
                  value={d.evidence}
                  onChange={(e) => set(i, 'evidence', e.target.value)}
                />
              </fieldset>
            );
          })}
        </form>
      ) : (
        <ul className="learn-logbook__days" aria-label={`Week ${w.week} days`}>
          {w.days.map((d) => (
            <li key={d.date} className="learn-logbook__day">
              <strong>
                {WEEKDAY.format(new Date(`${d.date}T00:00:00Z`))} {formatSchoolDate(d.date)} · {d.hours} h
              </strong>
              {d.job_role && <span className="learn-logbook__sub">{d.job_role}</span>}
              <p>{d.tasks}</p>
              {d.evidence && <p className="learn-logbook__sub">Evidence: {d.evidence}</p>}
            </li>
          ))}
        </ul>
      )}
      <WeekFiles week={w} placementId={placementId} />
      {/* After the files, which are kept as they are added: the days are saved here, and the whole week submitted. */}
      {w.editable && (
        <div className="learn-logbook__actions">
          <Button type="submit" form={formId} variant="secondary" loading={save.isPending && !submit.isPending}>
            Save draft
          </Button>
          <Button type="button" onClick={onSubmit} loading={submit.isPending}>
            Submit week
          </Button>
        </div>
      )}
    </div>
  );
}
