import { courseImage, getCategory } from '@school/catalogue';
import { AppLink, Button, NotFoundMessage } from '@school/ui';
import { use } from 'react';
import { useParams } from 'react-router-dom';
import { courseResource } from '../../lib/course-resources';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseInterestForm } from '../../components/forms/components/course-interest-form';
import { CourseTabBar } from './components/course-tab-bar';
import { Curriculum } from './components/curriculum';
import { StatIcon } from './components/stat-icon';
import { scrollToSection } from '../../lib/section-scroll';
import './courses.css';

export const COURSE_NOT_FOUND_MESSAGE = 'Uh oh... course not found';

/** /courses/{id}: breadcrumbs, header, sticky section tabs, overview, curriculum and application. */
export function CourseDetailPage() {
  const { id = '' } = useParams();
  const course = use(courseResource(id));
  usePageTitle(course?.title ?? 'Course not found');
  if (!course) return <NotFoundMessage message={COURSE_NOT_FOUND_MESSAGE} />;
  const { details } = course;
  const category = getCategory(course.path);

  return (
    <article className="site-course-detail">
      <header className="site-course-hero">
        <div className="ui-page ui-page--gutters site-course-hero__inner">
          <nav aria-label="Breadcrumb" className="site-breadcrumbs">
            <ol>
              <li>
                <AppLink to="/">Home</AppLink>
              </li>
              <li>
                <AppLink to="/courses">Courses</AppLink>
              </li>
              <li>
                <span aria-current="page">{course.title}</span>
              </li>
            </ol>
          </nav>
          <div className="site-course-hero__grid">
            <div>
              <p className="site-course-hero__category">
                <AppLink to={`/courses?path=${course.path}`}>{category?.title}</AppLink>
              </p>
              <h1 className="site-course-hero__title">{course.title}</h1>
              <p className="site-course-hero__description">{course.description}</p>
              <dl className="site-course-hero__facts">
                <div>
                  <dt>Level</dt>
                  <dd>{course.level}</dd>
                </div>
                <div>
                  <dt>Mode</dt>
                  <dd>{course.mode}</dd>
                </div>
                <div>
                  <dt>Length</dt>
                  <dd>{course.length}</dd>
                </div>
              </dl>
              <div className="site-course-hero__actions">
                <Button type="button" variant="accent" onClick={() => scrollToSection('application')}>
                  Apply now
                </Button>
                <Button type="button" variant="outline-light" onClick={() => scrollToSection('overview')}>
                  Learn more
                </Button>
              </div>
            </div>
            <img
              className="site-course-hero__image"
              src={courseImage(course)}
              alt=""
              width={360}
              height={240}
              loading="lazy"
              decoding="async"
            />
          </div>
        </div>
      </header>

      <CourseTabBar />

      <div className="ui-page ui-page--gutters site-course-sections">
        <section id="overview" className="site-course-section" aria-labelledby="overview-title">
          <h2 id="overview-title" className="site-course-section__title">
            Overview
          </h2>
          <p className="site-course-section__tagline">{details.tagline}</p>
          <p>{details.description}</p>
          <div className="site-course-overview__lists">
            <div>
              <h3>Course outcomes</h3>
              <ul className="site-check-list">
                {details.outcomes.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Skills gained</h3>
              <ul className="site-tool-list">
                {details.tools.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </div>
          </div>
          <div className="site-course-why">
            <h3 className="site-course-why__title">{details.why.title}</h3>
            <p>{details.why.description}</p>
            <ul className="site-course-why__stats">
              {details.why.statistics.map((s) => (
                <li key={s.text} className="site-course-why__stat">
                  <StatIcon icon={s.icon} />
                  <span className="site-course-why__value">{s.value}</span>
                  <span className="site-course-why__text">{s.text}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="curriculum" className="site-course-section" aria-labelledby="curriculum-title">
          <h2 id="curriculum-title" className="site-course-section__title">
            Curriculum
          </h2>
          <p className="site-course-section__lead">What you will learn in this course</p>
          <Curriculum modules={details.curriculum} />
        </section>

        <section id="application" className="site-course-section" aria-labelledby="application-title">
          <h2 id="application-title" className="site-course-section__title">
            Application
          </h2>
          <div className="site-course-application">
            <div>
              <h3>Course prerequisites</h3>
              <ul className="site-check-list">
                {details.prequisites.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
            <div className="site-form-card">
              <h3>Register your interest</h3>
              <p className="site-form-card__lead">Leave your details and we will tell you about the next intake of this course.</p>
              <CourseInterestForm courseTitle={course.title} />
            </div>
          </div>
        </section>
      </div>
    </article>
  );
}
