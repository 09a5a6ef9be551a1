import { courseOptions } from '@school/catalogue/data';
import { Button, routeKey, SelectField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useState } from 'react';
import { type Column, ListTable } from '../../components/list-table';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useNotify } from '../../lib/notice';

type SeatsRow = { cohort_id_slug: string; cohort_title: string; track: string; seats: number; held: number; free: number };

const COLUMNS: Column<SeatsRow>[] = [
  { label: 'Cohort', render: (r) => r.cohort_title },
  { label: 'Track', render: (r) => r.track },
  { label: 'Seats', render: (r) => r.seats },
  { label: 'Offered or taken', render: (r) => r.held },
  { label: 'Free', render: (r) => r.free },
];

/**
 * The intake's seats: how many applicants each cohort takes and the course track it teaches.
 * Offers name one of these cohorts for an applicant of its track, and never beyond its free seats.
 */
export function CohortSeats({ intake }: { intake: string }) {
  const notify = useNotify();
  const seats = useRouteQuery('admissionsCohortSeats', { params: { intake } }, { select: (r) => r.data });
  const cohorts = useRouteQuery('admissionsOfferCohorts', {}, { select: (r) => r.data });
  const [cohort, setCohort] = useState('');
  const [track, setTrack] = useState('');
  const [count, setCount] = useState('');
  const save = useRouteMutation('admissionsSetCohortSeats', {
    invalidates: () => [routeKey('admissionsCohortSeats'), routeKey('admissionsOfferCohorts')],
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { params: { intake, cohortId: cohort }, body: { track, seats: Number(count) } },
      {
        onSuccess: () => {
          notify.success(`Seats saved: ${count} for ${track}.`);
          setCount('');
        },
      },
    );
  };
  const error = save.isError ? save.error : null;
  return (
    <section className="ui-stack" aria-labelledby="cohort-seats-title">
      <h2 id="cohort-seats-title">Seats per cohort</h2>
      <p className="ui-muted ui-muted--small">An offer names a cohort of the applicant’s course track with a free seat for this intake.</p>
      {seats.isSuccess && seats.data.length === 0 && <p>No cohort has seats for this intake yet.</p>}
      {seats.isError && <p role="alert">The seats could not be loaded.</p>}
      {seats.isSuccess && seats.data.length > 0 && (
        <div className="admin-ranking__table">
          <ListTable columns={COLUMNS} rows={seats.data} rowKey={(r) => r.cohort_id_slug} />
        </div>
      )}
      <form className="admin-inline-form" noValidate onSubmit={submit} aria-label="Set a cohort's seats">
        <SelectField
          label="Cohort"
          placeholder="Choose a cohort"
          options={(cohorts.data ?? []).map((c) => ({ value: c.id_slug, label: c.title }))}
          value={cohort}
          onChange={(e) => {
            setCohort(e.target.value);
            const known = seats.data?.find((s) => s.cohort_id_slug === e.target.value);
            if (known) {
              setTrack(known.track);
              setCount(String(known.seats));
            }
          }}
          error={error && !fieldError(error, 'track') && !fieldError(error, 'seats') ? errorMessage(error) : undefined}
        />
        <SelectField
          label="Track"
          placeholder="Choose a track"
          options={courseOptions.map((o) => ({ value: o.value, label: o.label }))}
          value={track}
          onChange={(e) => setTrack(e.target.value)}
          error={fieldError(error, 'track')}
        />
        <TextField
          label="Seats"
          type="number"
          min={0}
          max={1000}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={fieldError(error, 'seats')}
        />
        <Button type="submit" loading={save.isPending} disabled={!cohort || !track || count === ''}>
          Save seats
        </Button>
      </form>
    </section>
  );
}
