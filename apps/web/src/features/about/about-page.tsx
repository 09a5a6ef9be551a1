import { aboutContent } from '@school/catalogue';
import { PageBanner } from '../../components/page-banner';
import { usePageTitle } from '../../lib/use-page-title';
import './about.css';

const { banner, mission, whatWeDo, whyChooseUs, impact, lookingForward } = aboutContent;

/** About: banner, mission, what we do, why choose us, our impact, looking forward. */
export function AboutPage() {
  usePageTitle('About us');
  return (
    <>
      <PageBanner title={banner.title} subtitle={banner.subtitle} />
      <section className="page-section about-mission" aria-labelledby="mission-title">
        <div className="site-container about-mission__inner">
          <h2 id="mission-title" className="page-section__title">
            {mission.title}
          </h2>
          <p className="about-mission__text">{mission.text}</p>
        </div>
      </section>
      <section className="page-section page-section--alt" aria-labelledby="what-we-do-title">
        <div className="site-container">
          <h2 id="what-we-do-title" className="page-section__title">
            {whatWeDo.title}
          </h2>
          <ul className="tile-grid tile-grid--3">
            {whatWeDo.pillars.map((p) => (
              <li key={p.title} className="tile">
                <h3 className="tile__title">{p.title}</h3>
                <p>{p.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="page-section" aria-labelledby="why-choose-title">
        <div className="site-container">
          <h2 id="why-choose-title" className="page-section__title">
            {whyChooseUs.title}
          </h2>
          <ol className="tile-grid tile-grid--numbered">
            {whyChooseUs.points.map((p) => (
              <li key={p.title} className="tile">
                <h3 className="tile__title">{p.title}</h3>
                <p>{p.description}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="page-section page-section--alt" aria-labelledby="impact-title">
        <div className="site-container">
          <h2 id="impact-title" className="page-section__title">
            {impact.title}
          </h2>
          <ul className="check-list">
            {impact.bullets.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      </section>
      <section className="page-section" aria-labelledby="looking-forward-title">
        <div className="site-container about-mission__inner">
          <h2 id="looking-forward-title" className="page-section__title">
            {lookingForward.title}
          </h2>
          <p>{lookingForward.text}</p>
        </div>
      </section>
    </>
  );
}
