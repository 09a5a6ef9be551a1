import type { Placement } from '@school/contracts';
import { Button, ButtonLink, useRouteQuery } from '@school/ui';
import { paths } from '../../../lib/paths';
import { breakText } from '../../../lib/placement-breaks';
import { retryServerErrors } from '../../../lib/retry';
import { formatSchoolDate } from '../../../lib/school-time';

export const PLACEMENTS_LOAD_FAILED_MESSAGE = 'Your on-the-job training placement could not be loaded.';

/** The student's on-the-job training placements (shown once they are placed): host, site, dates, hours target and whom to call. */
export function PlacementSection() {
  const placements = useRouteQuery('myPlacements', {}, { select: (r) => r.data, retry: retryServerErrors });
  if (placements.isPending || (placements.isSuccess && placements.data.length === 0)) return null;
  return (
    <section className="learn-section" aria-labelledby="my-placement">
      <h2 id="my-placement" className="learn-section__title">
        On-the-job training
      </h2>
      {placements.isError ? (
        <div className="ui-empty" role="alert">
          <p>{PLACEMENTS_LOAD_FAILED_MESSAGE}</p>
          <Button onClick={() => void placements.refetch()} loading={placements.isFetching}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="learn-placements">
          {placements.data.map((p) => (
            <PlacementCard key={p.id_slug} placement={p} />
          ))}
        </div>
      )}
      {placements.isSuccess ? (
        <ButtonLink to={paths.career} variant="secondary">
          Open my career support
        </ButtonLink>
      ) : null}
    </section>
  );
}

const standing = (p: Placement) => p.breaks.filter((b) => !b.withdrawn);

function PlacementCard({ placement: p }: { placement: Placement }) {
  return (
    <article className="learn-placement" aria-label={`Placement with ${p.host_company.name}`}>
      <h3 className="learn-placement__host">{p.host_company.name}</h3>
      <dl className="learn-placement__facts">
        <dt>Site</dt>
        <dd>
          {p.site}
          {p.site_address && <span className="learn-placement__address">{p.site_address}</span>}
        </dd>
        <dt>Dates</dt>
        <dd>
          {formatSchoolDate(p.starts_on)} to {formatSchoolDate(p.ends_on)}
        </dd>
        {standing(p).length > 0 && (
          <>
            <dt>Breaks</dt>
            <dd>
              <ul className="learn-placement__breaks">
                {standing(p).map((b) => (
                  <li key={b.id_slug}>{breakText(b)}</li>
                ))}
              </ul>
              <span className="learn-placement__address">Your dates above already take the breaks into account.</span>
            </dd>
          </>
        )}
        <dt>Hours target</dt>
        <dd>{p.weekly_hours_target} hours a week</dd>
        <dt>Supervisor</dt>
        <dd>
          {p.supervisor_name}
          <a className="learn-placement__contact" href={`mailto:${p.supervisor_email}`}>
            {p.supervisor_email}
          </a>
          <a className="learn-placement__contact" href={`tel:${p.supervisor_phone.replace(/[^\d+]/g, '')}`}>
            {p.supervisor_phone}
          </a>
        </dd>
        {p.coach && (
          <>
            <dt>School coach</dt>
            <dd>
              {p.coach.first_name} {p.coach.last_name}
              <a className="learn-placement__contact" href={`mailto:${p.coach.email}`}>
                {p.coach.email}
              </a>
            </dd>
          </>
        )}
        <dt>Hours logged</dt>
        <dd>
          {p.hours_logged} of {p.hours_due} due so far
        </dd>
      </dl>
      <ButtonLink className="learn-placement__logbook" to={paths.logbook(p.id_slug)}>
        Open logbook
      </ButtonLink>
    </article>
  );
}
