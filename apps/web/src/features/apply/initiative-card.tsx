import type { Initiative } from '@school/catalogue';
import { AppLink } from '@school/ui';
import { useApplicationOpen } from '../../lib/use-application-open';
import './apply.css';

/** An initiative on /apply, linking to its programme page. */
export function InitiativeCard({ initiative }: { initiative: Initiative }) {
  // Decided by today's date in the browser, never frozen into the prerendered HTML.
  const open = useApplicationOpen(initiative);
  return (
    <article className="site-initiative-card ui-linked-card">
      {open === true && <p className="site-initiative-card__badge">APPLICATION OPEN</p>}
      {open === false && <p className="site-initiative-card__badge site-initiative-card__badge--closed">APPLICATION CLOSED</p>}
      <h2 className="site-initiative-card__title">
        <AppLink to={`/apply/${initiative.frontend_slug}`} className="ui-linked-card__link">
          {initiative.title}
        </AppLink>
      </h2>
      {initiative.partner && <p className="site-initiative-card__partner">{`In partnership with ${initiative.partner}`}</p>}
      <p className="site-initiative-card__period">{initiative.time_period}</p>
      <p className="site-initiative-card__description">{initiative.description}</p>
      <span className="site-initiative-card__cta" aria-hidden="true">
        {open === false ? 'See the programme' : 'Apply now'}
      </span>
    </article>
  );
}
