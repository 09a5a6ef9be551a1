import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationStage,
  careerClockText,
  CONVERSION_OFFER_LABELS,
  CreateJobApplicationSchema,
  isApiError,
  type JobApplication,
  type TraineeCareer,
} from '@school/contracts';
import {
  Button,
  ErrorView,
  LoadingIndicator,
  SelectField,
  TextAreaField,
  TextField,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { type FormEvent, useState } from 'react';
import { retryServerErrors } from '../../lib/retry';
import { formatMalaysiaDateTime, formatSchoolDate, malaysiaDate, monthName } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import './career.css';

export const NOT_PLACED_MESSAGE = 'Career support begins after your on-the-job training: you have no placement yet.';
const STAGE_OPTIONS = APPLICATION_STAGES.map((s) => ({ value: s, label: APPLICATION_STAGE_LABELS[s] }));
const invalidates = () => [['myCareer']];

/** /student/career: the trainee's career support clock, the host's conversion offer, their interviews this month and their job applications. */
export function CareerPage() {
  const mine = useRouteQuery('myCareer', {}, { select: (r) => r.data, retry: retryServerErrors });
  usePageTitle('My career');
  if (mine.isPending) return <LoadingIndicator />;
  if (mine.isError) return <ErrorView homePath="/student" />;
  const c = mine.data;
  return (
    <div className="ui-page ui-page--padded learn-career">
      <h1>My career</h1>
      {c ? (
        <>
          <p className="learn-career__lead">
            {c.cohort.title}
            {c.host ? ` · placed with ${c.host}` : ''}
          </p>
          <Clock career={c} />
          <Offer career={c} />
          <Interviews career={c} />
          <Applications applications={c.applications} />
          <NewApplication />
        </>
      ) : (
        <p className="ui-empty">{NOT_PLACED_MESSAGE}</p>
      )}
    </div>
  );
}

function Clock({ career: { clock } }: { career: TraineeCareer }) {
  return (
    <section className="learn-career__card" aria-labelledby="career-clock">
      <h2 id="career-clock">Career support</h2>
      <p className="learn-career__clock">{careerClockText(clock, formatSchoolDate)}</p>
      <p className="learn-career__hint">
        {formatSchoolDate(clock.starts_on)} to {formatSchoolDate(clock.ends_on)}
      </p>
    </section>
  );
}

function Offer({ career: { offers } }: { career: TraineeCareer }) {
  const [latest, ...earlier] = offers;
  return (
    <section className="learn-career__card" aria-labelledby="career-offer">
      <h2 id="career-offer">Your host&apos;s offer</h2>
      {latest ? (
        <>
          <p>
            <strong>{CONVERSION_OFFER_LABELS[latest.state]}</strong> on {formatSchoolDate(latest.offered_on)}
            {latest.note ? ` · ${latest.note}` : ''}
          </p>
          {earlier.length ? (
            <ul className="learn-career__history" aria-label="Earlier entries">
              {earlier.map((o) => (
                <li key={o.at}>
                  {CONVERSION_OFFER_LABELS[o.state]} on {formatSchoolDate(o.offered_on)}, recorded by {o.by} on{' '}
                  {formatMalaysiaDateTime(o.at)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p className="learn-career__hint">Your coach has not recorded an offer from your host company yet.</p>
      )}
    </section>
  );
}

function Interviews({ career: { interviews } }: { career: TraineeCareer }) {
  const met = interviews.count >= interviews.target;
  return (
    <section className="learn-career__card" aria-labelledby="career-interviews">
      <h2 id="career-interviews">Interviews in {monthName(interviews.month)}</h2>
      <p>
        <strong>
          {interviews.count} of {interviews.target}
        </strong>{' '}
        {met
          ? 'target met this month.'
          : `— aim for at least ${interviews.target} a month. An application counts once it reaches an interview.`}
      </p>
    </section>
  );
}

function Applications({ applications }: { applications: JobApplication[] }) {
  return (
    <section aria-labelledby="career-applications">
      <h2 id="career-applications">My applications</h2>
      {applications.length === 0 ? (
        <p className="learn-career__hint">You have not logged an application yet.</p>
      ) : (
        <ul className="learn-career__applications">
          {applications.map((a) => (
            <Application key={a.id_slug} application={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Application({ application: a }: { application: JobApplication }) {
  const [stage, setStage] = useState<ApplicationStage>(a.stage);
  const move = useRouteMutation('changeMyApplicationStage', { invalidates });
  const remove = useRouteMutation('deleteMyJobApplication', { invalidates });
  const { confirm, dialog } = useConfirm();
  const name = `${a.role} at ${a.employer}`;
  const error = move.error && isApiError(move.error) ? (move.error.errors?.stage ?? move.error.message) : null;
  const onMove = (e: FormEvent) => {
    e.preventDefault();
    move.mutate({ params: { applicationId: a.id_slug }, body: { stage } });
  };
  const onDelete = async () => {
    const ok = await confirm({
      title: 'Delete this application?',
      message: `${name} and its stages will be deleted.`,
      confirmLabel: 'Delete application',
      tone: 'danger',
    });
    if (ok) remove.mutate({ params: { applicationId: a.id_slug } });
  };
  return (
    <li className="learn-career__application" aria-label={name}>
      <h3>
        {a.role} · {a.employer}
      </h3>
      <p className="learn-career__hint">
        Applied {formatSchoolDate(a.applied_on)} · now <strong>{APPLICATION_STAGE_LABELS[a.stage]}</strong>
      </p>
      {a.note ? <p>{a.note}</p> : null}
      <p className="learn-career__hint">
        {a.history.map((h) => `${APPLICATION_STAGE_LABELS[h.stage]} ${formatSchoolDate(malaysiaDate(h.at))}`).join(' → ')}
      </p>
      <form className="learn-career__move" onSubmit={onMove}>
        <SelectField
          label={`Stage of ${name}`}
          options={STAGE_OPTIONS}
          value={stage}
          onChange={(e) => setStage(e.target.value as ApplicationStage)}
          error={error ?? undefined}
        />
        <Button type="submit" variant="secondary" loading={move.isPending}>
          Update stage
        </Button>
        <Button type="button" variant="ghost" onClick={() => void onDelete()} loading={remove.isPending}>
          Delete
        </Button>
      </form>
      {dialog}
    </li>
  );
}

const EMPTY = { employer: '', role: '', applied_on: '', stage: 'APPLIED', note: '' };

function NewApplication() {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useRouteMutation('createMyJobApplication', { invalidates });
  const set = (field: keyof typeof EMPTY, value: string) => setForm((f) => ({ ...f, [field]: value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateJobApplicationSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(
      { body: parsed.data },
      {
        onSuccess: () => setForm(EMPTY),
        onError: (err) =>
          setErrors(isApiError(err) ? (err.errors ?? { employer: err.message }) : { employer: 'The application could not be saved' }),
      },
    );
  };
  return (
    <section className="learn-career__card" aria-labelledby="career-new">
      <h2 id="career-new">Log an application</h2>
      <form className="learn-career__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Employer"
          value={form.employer}
          maxLength={200}
          onChange={(e) => set('employer', e.target.value)}
          error={errors.employer}
          required
        />
        <TextField
          label="Role"
          value={form.role}
          maxLength={200}
          onChange={(e) => set('role', e.target.value)}
          error={errors.role}
          required
        />
        <TextField
          label="Date applied"
          type="date"
          value={form.applied_on}
          onChange={(e) => set('applied_on', e.target.value)}
          error={errors.applied_on}
          required
        />
        <SelectField
          label="Stage"
          options={STAGE_OPTIONS}
          value={form.stage}
          onChange={(e) => set('stage', e.target.value)}
          error={errors.stage}
        />
        <TextAreaField
          label="Note (optional)"
          rows={2}
          maxLength={1000}
          value={form.note}
          onChange={(e) => set('note', e.target.value)}
          error={errors.note}
        />
        <Button type="submit" loading={create.isPending}>
          Log the application
        </Button>
      </form>
    </section>
  );
}
