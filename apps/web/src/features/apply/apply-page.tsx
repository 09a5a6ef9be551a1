import { LoadingIndicator } from '@school/ui';
import { PageBanner } from '../../components/page-banner';
import { usePageTitle } from '../../lib/use-page-title';
import { useInitiatives } from './api/initiatives';
import { InitiativeCard } from './initiative-card';
import './apply.css';

/** /apply: banner, then (after a loading state) the initiatives open for application. */
export function ApplyPage() {
  usePageTitle('Apply');
  const { data, isPending } = useInitiatives();
  return (
    <>
      <PageBanner title="Apply" subtitle="Funded programmes and partnerships that start your career in the semiconductor industry." />
      <section className="site-page-section" aria-label="Initiatives">
        <div className="ui-page ui-page--gutters">
          {isPending || !data ? (
            <LoadingIndicator />
          ) : (
            <ul className="site-grid-list site-initiative-list">
              {data.map((i) => (
                <li key={i.id_slug}>
                  <InitiativeCard initiative={i} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
