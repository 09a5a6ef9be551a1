import type { Initiative } from '@school/catalogue';
import { AppLink } from '@school/ui';

/** An initiative on /apply, linking to its programme page. */
export function InitiativeCard({ initiative }: { initiative: Initiative }) {
  return (
    <article className="initiative-card">
      {initiative.application_open && <p className="initiative-card__badge">APPLICATION OPEN</p>}
      <h2 className="initiative-card__title">
        <AppLink to={`/apply/${initiative.frontend_slug}`} className="initiative-card__link">
          {initiative.title}
        </AppLink>
      </h2>
      {initiative.partner && <p className="initiative-card__partner">{`In partnership with ${initiative.partner}`}</p>}
      <p className="initiative-card__period">{initiative.time_period}</p>
      <p className="initiative-card__description">{initiative.description}</p>
      <span className="initiative-card__cta" aria-hidden="true">Apply now</span>
    </article>
  );
}
