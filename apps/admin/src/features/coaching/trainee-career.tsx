import {
  APPLICATION_STAGE_LABELS,
  careerClockText,
  CONVERSION_OFFER_LABELS,
  CONVERSION_OFFER_STATES,
  type ConversionOfferState,
  isApiError,
  RecordConversionOfferSchema,
  type TraineeCareer,
} from '@school/contracts';
import { AppLink, Button, SelectField, TextAreaField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { QueryView } from '../../components/query-view';
import { fieldError } from '../../lib/api-errors';
import { invalidations } from '../../lib/invalidations';
import { useNotify } from '../../lib/notice';
import { coachPaths } from '../../lib/paths';
import { formatMalaysiaDateTime, formatSchoolDate, malaysiaDateOf } from '../../lib/school-time';

const OFFER_OPTIONS = CONVERSION_OFFER_STATES.map((s) => ({ value: s, label: CONVERSION_OFFER_LABELS[s] }));

/**
 * The trainee's career support on their coach's page: the clock of their CAREER phase, the host's
 * conversion offer with its history and the form to record a new entry, and their applications.
 */
export function TraineeCareerSection({
  cohortId,
  userId,
  home,
  root,
}: {
  cohortId: string;
  userId: string;
  home: string;
  root: '/admin' | '/instructor';
}) {
  const query = useRouteQuery('staffTraineeCareer', { params: { cohortId, userIdSlug: userId } }, { select: (r) => r.data });
  return (
    <QueryView query={query} label="the trainee's career support" homePath={home}>
      {(c) => (
        <section className="admin-card ui-stack" aria-labelledby="trainee-career">
          <h2 id="trainee-career" className="admin-section-title">
            Career support
          </h2>
          <dl className="admin-facts">
            <dt>Career clock</dt>
            <dd>
              <strong>{careerClockText(c.clock, formatSchoolDate)}</strong> ({formatSchoolDate(c.clock.starts_on)} –{' '}
              {formatSchoolDate(c.clock.ends_on)})
            </dd>
            <dt>Interviews this month</dt>
            <dd>
              {c.interviews.count} of {c.interviews.target}
            </dd>
          </dl>
          <AppLink className="ui-link" to={coachPaths(root).careerPipeline(cohortId)}>
            Career pipeline of {c.cohort.title}
          </AppLink>
          <Offers c={c} />
          {c.host ? <RecordOffer cohortId={cohortId} userId={userId} host={c.host} /> : null}
          <h3 className="admin-section-title">Applications</h3>
          {c.applications.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No application logged yet.</p>
          ) : (
            <table className="admin-table">
              <caption className="ui-visually-hidden">Applications of {`${c.trainee.first_name} ${c.trainee.last_name}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Employer</th>
                  <th scope="col">Role</th>
                  <th scope="col">Applied</th>
                  <th scope="col">Stage</th>
                </tr>
              </thead>
              <tbody>
                {c.applications.map((a) => (
                  <tr key={a.id_slug}>
                    <td data-label="Employer">{a.employer}</td>
                    <td data-label="Role">{a.role}</td>
                    <td data-label="Applied">{formatSchoolDate(a.applied_on)}</td>
                    <td data-label="Stage">
                      {APPLICATION_STAGE_LABELS[a.stage]}
                      <span className="admin-table__sub">
                        {a.history.map((h) => `${APPLICATION_STAGE_LABELS[h.stage]} ${formatSchoolDate(malaysiaDateOf(h.at))}`).join(' → ')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </QueryView>
  );
}

function Offers({ c }: { c: TraineeCareer }) {
  return (
    <>
      <h3 className="admin-section-title">Host&apos;s conversion offer</h3>
      {!c.host ? (
        <p className="ui-empty ui-empty--quiet">This trainee is not placed with a host company.</p>
      ) : c.offers.length === 0 ? (
        <p className="ui-empty ui-empty--quiet">No offer recorded from {c.host} yet.</p>
      ) : (
        <ul className="admin-sessions" aria-label="Conversion offers, newest first">
          {c.offers.map((o, i) => (
            <li key={o.at} className="admin-sessions__item">
              <div>
                <strong>
                  {CONVERSION_OFFER_LABELS[o.state]} on {formatSchoolDate(o.offered_on)}
                </strong>
                {i === 0 ? ' (current)' : ''}
                <div className="admin-sessions__sub">
                  Recorded by {o.by} on {formatMalaysiaDateTime(o.at)}
                  {o.note && ` · “${o.note}”`}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function RecordOffer({ cohortId, userId, host }: { cohortId: string; userId: string; host: string }) {
  const notify = useNotify();
  const [state, setState] = useState<ConversionOfferState | ''>('');
  const [offeredOn, setOfferedOn] = useState('');
  const [note, setNote] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const record = useRouteMutation('staffRecordConversionOffer', { invalidates: invalidations.staffRecordConversionOffer });
  const err = record.error;
  const error = (field: string) => local[field] ?? fieldError(err, field);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = RecordConversionOfferSchema.safeParse({ state, offered_on: offeredOn, note });
    if (!parsed.success) {
      setLocal(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setLocal({});
    record.mutate(
      { params: { cohortId, userIdSlug: userId }, body: parsed.data },
      {
        onSuccess: () => {
          notify.success("The host's offer is recorded");
          setState('');
          setOfferedOn('');
          setNote('');
        },
      },
    );
  };
  const other = err && isApiError(err) && !['state', 'offered_on', 'note'].some((f) => err.errors?.[f]) ? err.message : null;
  return (
    <form className="ui-stack" aria-label={`Record the offer of ${host}`} onSubmit={onSubmit} noValidate>
      {other && <p role="alert">{other}</p>}
      <SelectField
        label={`Offer from ${host}`}
        placeholder="Select the offer"
        options={OFFER_OPTIONS}
        value={state}
        onChange={(e) => setState(e.target.value as ConversionOfferState)}
        error={error('state')}
        required
      />
      <TextField
        label="Date of the offer"
        type="date"
        value={offeredOn}
        onChange={(e) => setOfferedOn(e.target.value)}
        error={error('offered_on')}
        required
      />
      <TextAreaField
        label="Details of the offer (optional)"
        value={note}
        maxLength={1000}
        onChange={(e) => setNote(e.target.value)}
        error={error('note')}
        hint="A new entry: earlier ones stay in the history"
      />
      <div>
        <Button type="submit" loading={record.isPending}>
          Record the offer
        </Button>
      </div>
    </form>
  );
}
