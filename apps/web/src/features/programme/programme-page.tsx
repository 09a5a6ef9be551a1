import { APPLICATIONS_CLOSED_MESSAGE, faq, getInitiative, jobRoles, programme, programmeCourses } from '@school/catalogue';
import { ButtonLink, NotFoundMessage, Tabs } from '@school/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageSection } from '../../components/page-section';
import { usePageTitle } from '../../lib/use-page-title';
import { useApplicationOpen } from '../../lib/use-application-open';
import { scrollToSection } from '../../lib/section-scroll';
import './programme.css';

/** The application form's path for a programme, with the chosen track preset. */
export function applicationPath(slug: string, course?: string): string {
  return `/apply/${slug}/application${course ? `?course=${encodeURIComponent(course)}` : ''}`;
}

const CLOSING_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kuala_Lumpur' });

/** 'Applications for this programme are closed. They closed on 15 August 2025.' */
export function ClosedNotice({ closesAt }: { closesAt: string }) {
  return (
    <>
      {APPLICATIONS_CLOSED_MESSAGE} {`They closed on ${CLOSING_DATE.format(new Date(closesAt))}.`}
    </>
  );
}

/** /apply/{slug}: the youth programme's landing page for one intake (initiative). */
export function ProgrammePage() {
  const { slug = '' } = useParams();
  const initiative = getInitiative(slug);
  const [track, setTrack] = useState(0);
  const open = useApplicationOpen(initiative);
  usePageTitle(initiative?.title ?? 'Programme not found');
  if (!initiative) return <NotFoundMessage message="Uh oh... programme not found" />;

  return (
    <>
      <header className="site-programme-hero">
        <div className="ui-page ui-page--gutters site-programme-hero__inner">
          <p className="site-banner__eyebrow">{initiative.title}</p>
          <h1 className="site-programme-hero__title">{programme.hero.title}</h1>
          <p className="site-programme-hero__subtitle">{programme.hero.subtitle}</p>
          {open === false ? (
            <output className="site-programme-closed">
              <ClosedNotice closesAt={initiative.closes_at} />
            </output>
          ) : (
            <button type="button" className="ui-button ui-button--accent ui-button--lg" onClick={() => scrollToSection('programme-tracks')}>
              {programme.hero.applyLabel}
            </button>
          )}
          <dl className="site-programme-facts">
            {programme.highlights.map((h) => (
              <div key={h.label} className="site-programme-facts__item">
                <dt>{h.label}</dt>
                <dd>{h.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <section className="site-page-section" aria-labelledby="eligibility-title">
        <div className="ui-page ui-page--gutters site-programme-two-col">
          <div>
            <h2 id="eligibility-title" className="site-page-section__title">
              Who can apply
            </h2>
            <ul className="site-check-list">
              {programme.eligibility.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            <p className="site-programme-start">
              The first cohort starts on <strong>{initiative.first_cohort_start_label}</strong>.
            </p>
          </div>
          <div>
            <h2 className="site-page-section__title">How the programme works</h2>
            <ol className="site-journey">
              {programme.journey.map((step) => (
                <li key={step.title} className="site-journey__step">
                  <h3>{step.title}</h3>
                  <p>{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <PageSection titleId="roles-title" title={programme.jobRolesTitle} alt>
        <ol className="site-grid-list site-job-roles">
          {jobRoles.map((r) => (
            <li key={r.title} className="site-job-roles__item">
              <h3>{r.title}</h3>
              <p>{r.description}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="programme-tracks" titleId="tracks-title" title={programme.coursesTitle}>
        <Tabs
          label="Programme tracks"
          active={track}
          onChange={setTrack}
          tabs={programmeCourses.map((c) => ({
            label: c.title,
            content: (
              <div className="site-track">
                <p>{c.description}</p>
                <h3>What you will cover</h3>
                <ul className="site-check-list">
                  {c.covers.map((x) => (
                    <li key={x}>{x}</li>
                  ))}
                </ul>
                <p className="site-track__roles">
                  <strong>Leads to:</strong> {c.roles.join(', ')}
                </p>
                {open === false ? (
                  <p className="site-programme-closed-note">{APPLICATIONS_CLOSED_MESSAGE}</p>
                ) : (
                  <ButtonLink to={applicationPath(slug, c.value)} variant="accent">{`Apply for ${c.title}`}</ButtonLink>
                )}
              </div>
            ),
          }))}
        />
      </PageSection>

      <PageSection titleId="faq-title" title={programme.faqTitle} alt containerClassName="ui-page--narrow">
        {faq.map((category) => (
          <div key={category.id} className="site-faq">
            <h3 className="site-faq__category">{category.title}</h3>
            {category.items.map((item) => (
              <details key={item.question} className="site-faq__item">
                <summary>{item.question}</summary>
                <p>{item.answer}</p>
              </details>
            ))}
          </div>
        ))}
      </PageSection>
    </>
  );
}
