import { featuredCourses, landingContent, stats, whyUs } from '@school/catalogue';
import { ButtonLink, Slider } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseCard } from '../../components/course-card';
import { Testimonials } from './components/testimonials';
import './home.css';

const { hero, topCourses, testimonials, whyUs: whyUsCopy, getStarted } = landingContent;

/** The landing page: hero, featured courses, testimonials, why us, get started. */
export function HomePage() {
  usePageTitle(hero.title);
  return (
    <>
      <section className="site-hero" aria-labelledby="hero-title">
        <div className="ui-page ui-page--gutters site-hero__inner">
          <h1 id="hero-title" className="site-hero__title">
            {hero.title}
          </h1>
          <p className="site-hero__subtitle">{hero.subtitle}</p>
          <div className="site-hero__actions">
            <ButtonLink to={hero.primaryAction.to} size="lg" variant="accent">
              {hero.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={hero.secondaryAction.to} size="lg" variant="outline-light">
              {hero.secondaryAction.label}
            </ButtonLink>
          </div>
          <dl className="site-hero__stats">
            {stats.map((s) => (
              <div key={s.label} className="site-hero__stat">
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="site-home-section" aria-labelledby="top-courses-title">
        <div className="ui-page ui-page--gutters">
          <div className="site-home-section__head">
            <div>
              <h2 id="top-courses-title" className="site-home-section__title">
                {topCourses.title}
              </h2>
              <p className="site-home-section__subtitle">{topCourses.subtitle}</p>
            </div>
            <ButtonLink to={topCourses.browseAll.to} variant="secondary">
              {topCourses.browseAll.label}
            </ButtonLink>
          </div>
          <Slider label="Top courses" totalItems={3}>
            {featuredCourses.map((course) => (
              <CourseCard key={course.id} course={course} />
            ))}
          </Slider>
        </div>
      </section>

      <Testimonials title={testimonials.title} action={testimonials.action} />

      <section className="site-home-section" aria-labelledby="why-us-title">
        <div className="ui-page ui-page--gutters">
          <h2 id="why-us-title" className="site-home-section__title">
            {whyUsCopy.title}
          </h2>
          <ul className="site-grid-list site-grid-list--fit site-why-us">
            {whyUs.map((item) => (
              <li key={item.title} className="site-why-us__item">
                <h3 className="site-why-us__title">{item.title}</h3>
                <p>{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="site-home-section site-get-started" aria-labelledby="get-started-title">
        <div className="ui-page ui-page--gutters site-get-started__inner">
          <h2 id="get-started-title" className="site-home-section__title">
            {getStarted.title}
          </h2>
          <p>{getStarted.text}</p>
          <ButtonLink to={getStarted.action.to} size="lg" variant="accent">
            {getStarted.action.label}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
