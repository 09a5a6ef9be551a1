import { courseImage, getCategory } from '@school/catalogue';
import { AppLink, Button, NotFoundMessage } from '@school/ui';
import { use } from 'react';
import { useParams } from 'react-router-dom';
import { courseResource } from '../../lib/course-resources';
import { usePageTitle } from '../../lib/use-page-title';
import { CourseInterestForm } from '../forms/components/course-interest-form';
import { CourseTabBar } from './components/course-tab-bar';
import { Curriculum } from './components/curriculum';
import { StatIcon } from './components/stat-icon';
import { scrollToSection } from './section-scroll';
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
    <article className="course-detail">
      <header className="course-hero">
        <div className="site-container course-hero__inner">
          <nav aria-label="Breadcrumb" className="breadcrumbs">
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
          <div className="course-hero__grid">
            <div>
              <p className="course-hero__category">
                <AppLink to={`/courses?path=${course.path}`}>{category?.title}</AppLink>
              </p>
              <h1 className="course-hero__title">{course.title}</h1>
              <p className="course-hero__description">{course.description}</p>
              <dl className="course-hero__facts">
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
              <div className="course-hero__actions">
                <Button type="button" variant="accent" onClick={() => scrollToSection('application')}>
                  Apply now
                </Button>
                <Button type="button" variant="outline-light" onClick={() => scrollToSection('overview')}>
                  Learn more
                </Button>
              </div>
            </div>
            <img className="course-hero__image" src={courseImage(course)} alt="" width={360} height={240} loading="lazy" decoding="async" />
          </div>
        </div>
      </header>

      <CourseTabBar />

      <div className="site-container course-sections">
        <section id="overview" className="course-section" aria-labelledby="overview-title">
          <h2 id="overview-title" className="course-section__title">
            Overview
          </h2>
          <p className="course-section__tagline">{details.tagline}</p>
          <p>{details.description}</p>
          <div className="course-overview__lists">
            <div>
              <h3>Course outcomes</h3>
              <ul className="check-list">
                {details.outcomes.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Skills gained</h3>
              <ul className="tool-list">
                {details.tools.map((t) => (
                  <li key={t}>{t}</li>
                ))}
              </ul>
            </div>
          </div>
          <div className="course-why">
            <h3 className="course-why__title">{details.why.title}</h3>
            <p>{details.why.description}</p>
            <ul className="course-why__stats">
              {details.why.statistics.map((s) => (
                <li key={s.text} className="course-why__stat">
                  <StatIcon icon={s.icon} />
                  <span className="course-why__value">{s.value}</span>
                  <span className="course-why__text">{s.text}</span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="curriculum" className="course-section" aria-labelledby="curriculum-title">
          <h2 id="curriculum-title" className="course-section__title">
            Curriculum
          </h2>
          <p className="course-section__lead">What you will learn in this course</p>
          <Curriculum modules={details.curriculum} />
        </section>

        <section id="application" className="course-section" aria-labelledby="application-title">
          <h2 id="application-title" className="course-section__title">
            Application
          </h2>
          <div className="course-application">
            <div>
              <h3>Course prerequisites</h3>
              <ul className="check-list">
                {details.prequisites.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </div>
            <div className="form-card">
              <h3>Register your interest</h3>
              <p className="form-card__lead">Leave your details and we will tell you about the next intake of this course.</p>
              <CourseInterestForm courseTitle={course.title} />
            </div>
          </div>
        </section>
      </div>
    </article>
  );
}
