import { featuredCourses, landingContent, stats, whyUs } from '@school/catalogue';
import { ButtonLink, Slider } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseCard } from '../courses/components/course-card';
import { Testimonials } from './components/testimonials';
import './home.css';

const { hero, topCourses, testimonials, whyUs: whyUsCopy, getStarted } = landingContent;

/** The landing page: hero, featured courses, testimonials, why us, get started. */
export function HomePage() {
  usePageTitle(hero.title);
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="site-container hero__inner">
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__subtitle">{hero.subtitle}</p>
          <div className="hero__actions">
            <ButtonLink to={hero.primaryAction.to} size="lg" variant="accent">
              {hero.primaryAction.label}
            </ButtonLink>
            <ButtonLink to={hero.secondaryAction.to} size="lg" variant="outline-light">
              {hero.secondaryAction.label}
            </ButtonLink>
          </div>
          <dl className="hero__stats">
            {stats.map((s) => (
              <div key={s.label} className="hero__stat">
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="home-section" aria-labelledby="top-courses-title">
        <div className="site-container">
          <div className="home-section__head">
            <div>
              <h2 id="top-courses-title" className="home-section__title">
                {topCourses.title}
              </h2>
              <p className="home-section__subtitle">{topCourses.subtitle}</p>
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

      <section className="home-section" aria-labelledby="why-us-title">
        <div className="site-container">
          <h2 id="why-us-title" className="home-section__title">
            {whyUsCopy.title}
          </h2>
          <ul className="why-us">
            {whyUs.map((item) => (
              <li key={item.title} className="why-us__item">
                <h3 className="why-us__title">{item.title}</h3>
                <p>{item.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="home-section get-started" aria-labelledby="get-started-title">
        <div className="site-container get-started__inner">
          <h2 id="get-started-title" className="home-section__title">
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
