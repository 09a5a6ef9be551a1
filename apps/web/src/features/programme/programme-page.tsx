import { APPLICATIONS_CLOSED_MESSAGE, faq, getInitiative, jobRoles, programme, programmeCourses } from '@school/catalogue';
import { ButtonLink, NotFoundMessage, Tabs } from '@school/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';
import { useApplicationOpen } from '../apply/use-application-open';
import { scrollToSection } from '../courses/section-scroll';
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
      <header className="programme-hero">
        <div className="site-container programme-hero__inner">
          <p className="site-banner__eyebrow">{initiative.title}</p>
          <h1 className="programme-hero__title">{programme.hero.title}</h1>
          <p className="programme-hero__subtitle">{programme.hero.subtitle}</p>
          {open === false ? (
            <p className="programme-closed" role="status">
              <ClosedNotice closesAt={initiative.closes_at} />
            </p>
          ) : (
            <button type="button" className="ui-button ui-button--accent ui-button--lg" onClick={() => scrollToSection('programme-tracks')}>
              {programme.hero.applyLabel}
            </button>
          )}
          <dl className="programme-facts">
            {programme.highlights.map((h) => (
              <div key={h.label} className="programme-facts__item">
                <dt>{h.label}</dt>
                <dd>{h.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </header>

      <section className="page-section" aria-labelledby="eligibility-title">
        <div className="site-container programme-two-col">
          <div>
            <h2 id="eligibility-title" className="page-section__title">
              Who can apply
            </h2>
            <ul className="check-list">
              {programme.eligibility.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            <p className="programme-start">
              The first cohort starts on <strong>{initiative.first_cohort_start_label}</strong>.
            </p>
          </div>
          <div>
            <h2 className="page-section__title">How the programme works</h2>
            <ol className="journey">
              {programme.journey.map((step) => (
                <li key={step.title} className="journey__step">
                  <h3>{step.title}</h3>
                  <p>{step.description}</p>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section className="page-section page-section--alt" aria-labelledby="roles-title">
        <div className="site-container">
          <h2 id="roles-title" className="page-section__title">
            {programme.jobRolesTitle}
          </h2>
          <ol className="job-roles">
            {jobRoles.map((r) => (
              <li key={r.title} className="job-roles__item">
                <h3>{r.title}</h3>
                <p>{r.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section id="programme-tracks" className="page-section" aria-labelledby="tracks-title">
        <div className="site-container">
          <h2 id="tracks-title" className="page-section__title">
            {programme.coursesTitle}
          </h2>
          <Tabs
            label="Programme tracks"
            active={track}
            onChange={setTrack}
            tabs={programmeCourses.map((c) => ({
              label: c.title,
              content: (
                <div className="track">
                  <p>{c.description}</p>
                  <h3>What you will cover</h3>
                  <ul className="check-list">
                    {c.covers.map((x) => (
                      <li key={x}>{x}</li>
                    ))}
                  </ul>
                  <p className="track__roles">
                    <strong>Leads to:</strong> {c.roles.join(', ')}
                  </p>
                  {open === false ? (
                    <p className="programme-closed-note">{APPLICATIONS_CLOSED_MESSAGE}</p>
                  ) : (
                    <ButtonLink to={applicationPath(slug, c.value)} variant="accent">{`Apply for ${c.title}`}</ButtonLink>
                  )}
                </div>
              ),
            }))}
          />
        </div>
      </section>

      <section className="page-section page-section--alt" aria-labelledby="faq-title">
        <div className="site-container site-container--narrow">
          <h2 id="faq-title" className="page-section__title">
            {programme.faqTitle}
          </h2>
          {faq.map((category) => (
            <div key={category.id} className="faq">
              <h3 className="faq__category">{category.title}</h3>
              {category.items.map((item) => (
                <details key={item.question} className="faq__item">
                  <summary>{item.question}</summary>
                  <p>{item.answer}</p>
                </details>
              ))}
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
