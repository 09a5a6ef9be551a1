import {
  HOURS_DELIVERED_RULE,
  type HostFigures,
  REVIEWS_ON_TIME_RULE,
  SIGNED_ON_TIME_RULE,
  SIGNED_ON_TIME_TARGET,
} from '@school/contracts';
import { formatCount } from '@school/ui';

const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
export const TARGET_TEXT = percent(SIGNED_ON_TIME_TARGET);

/** The share of weeks signed within 7 days, or a dash before any week counts. */
export const signedShareText = (f: HostFigures) => (f.signed_on_time_share === null ? '—' : percent(f.signed_on_time_share));

/** A host company's figures against their targets, each with the rule it is counted by. */
export function HostFiguresCard({ figures: f }: { figures: HostFigures }) {
  const below = f.signed_on_time_share !== null && f.signed_on_time_share < SIGNED_ON_TIME_TARGET;
  return (
    <section className="admin-card ui-stack" aria-labelledby="host-figures">
      <h2 id="host-figures" className="admin-section-title">
        Figures
      </h2>
      <dl className="admin-facts">
        <dt>Weeks signed within 7 days</dt>
        <dd>
          <strong>{signedShareText(f)}</strong> against a target of {TARGET_TEXT}
          {f.weeks_counted > 0 && ` (${f.weeks_signed_on_time} of ${formatCount(f.weeks_counted, 'week')})`}
          {below && ' · below target'}
          <div className="ui-muted ui-muted--small">{SIGNED_ON_TIME_RULE}</div>
        </dd>
        <dt>Hours delivered</dt>
        <dd>
          <strong>{f.hours_delivered} h</strong> of {f.hours_agreed} h agreed so far
          <div className="ui-muted ui-muted--small">{HOURS_DELIVERED_RULE}</div>
        </dd>
        <dt>Reviews on time</dt>
        <dd>
          <strong>{f.reviews_counted ? `${f.reviews_on_time} of ${formatCount(f.reviews_counted, 'review')}` : '—'}</strong>
          <div className="ui-muted ui-muted--small">{REVIEWS_ON_TIME_RULE}</div>
        </dd>
      </dl>
    </section>
  );
}
