import { getInitiative, programme } from '@school/catalogue';
import { useApplicationOpen } from '../../lib/use-application-open';
import { ClosedNotice } from './programme-page';
import { AppLink, NotFoundMessage } from '@school/ui';
import { useParams, useSearchParams } from 'react-router-dom';
import { PageBanner } from '../../components/page-banner';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { ApplicationForm } from './components/application-form';
import './programme.css';

/** /apply/{slug}/application?course={title}: the programme application form. */
export function ApplicationPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const initiative = getInitiative(slug);
  const open = useApplicationOpen(initiative);
  usePageTitle('Application form');
  if (!initiative) return <NotFoundMessage message="Uh oh... programme not found" />;
  return (
    <>
      <PageBanner
        eyebrow={initiative.title}
        title="Application form"
        subtitle={`Free, with an allowance of ${programme.allowance.label} a month for ${programme.durationMonths} months. The first cohort starts on ${initiative.first_cohort_start_label}.`}
      >
        <p className="site-banner__link">
          <AppLink to={`/apply/${slug}`}>About the programme</AppLink>
        </p>
      </PageBanner>
      <section className="site-page-section" aria-label="Application">
        <div className="ui-page ui-page--gutters ui-page--narrow">
          {/* The prerendered form has no course chosen; the query string's course is set once hydrated. */}
          {open === false ? (
            <output className="site-programme-closed site-programme-closed--form">
              <ClosedNotice closesAt={initiative.closes_at} />
            </output>
          ) : (
            <ApplicationForm presetCourse={hydrated ? params.get('course') : null} />
          )}
        </div>
      </section>
    </>
  );
}
