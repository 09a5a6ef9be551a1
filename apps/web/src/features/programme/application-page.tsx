import { getInitiative, programme } from '@school/catalogue';
import { AppLink, NotFoundMessage } from '@school/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageBanner } from '../../components/page-banner';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { ApplicationForm } from './components/application-form';

/** /apply/{slug}/application?course={title}: the programme application form. */
export function ApplicationPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const initiative = getInitiative(slug);
  usePageTitle('Application form');
  if (!initiative || slug !== programme.frontendSlug) return <NotFoundMessage message="Uh oh... programme not found" />;
  return (
    <>
      <PageBanner eyebrow={initiative.title} title="Application form" subtitle={`Free, with an allowance of ${programme.allowance.label} a month for ${programme.durationMonths} months. The first cohort starts on ${programme.firstCohortStartLabel}.`}>
        <p className="site-banner__link"><AppLink to={`/apply/${slug}`}>About the programme</AppLink></p>
      </PageBanner>
      <section className="page-section" aria-label="Application">
        <div className="site-container site-container--narrow">
          {/* The prerendered form has no course chosen; the query string's course is set once hydrated. */}
          <ApplicationForm presetCourse={hydrated ? params.get('course') : null} />
        </div>
      </section>
    </>
  );
}
