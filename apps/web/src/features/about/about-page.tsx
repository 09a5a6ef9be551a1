import { aboutContent } from '@school/catalogue';
import { PageBanner } from '../../components/page-banner';
import { PageSection, TileList } from '../../components/page-section';
import { usePageTitle } from '../../lib/use-page-title';
import './about.css';

const { banner, mission, whatWeDo, whyChooseUs, impact, lookingForward } = aboutContent;

/** About: banner, mission, what we do, why choose us, our impact, looking forward. */
export function AboutPage() {
  usePageTitle('About us');
  return (
    <>
      <PageBanner title={banner.title} subtitle={banner.subtitle} />
      <PageSection
        titleId="mission-title"
        title={mission.title}
        className="site-about-mission"
        containerClassName="site-about-mission__inner"
      >
        <p className="site-about-mission__text">{mission.text}</p>
      </PageSection>
      <PageSection titleId="what-we-do-title" title={whatWeDo.title} alt>
        <TileList items={whatWeDo.pillars} className="site-grid-list site-grid-list--fit site-tile-grid" />
      </PageSection>
      <PageSection titleId="why-choose-title" title={whyChooseUs.title}>
        <TileList
          items={whyChooseUs.points}
          ordered
          className="site-grid-list site-grid-list--fit site-tile-grid site-tile-grid--numbered"
        />
      </PageSection>
      <PageSection titleId="impact-title" title={impact.title} alt>
        <ul className="site-check-list">
          {impact.bullets.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </PageSection>
      <PageSection titleId="looking-forward-title" title={lookingForward.title} containerClassName="site-about-mission__inner">
        <p>{lookingForward.text}</p>
      </PageSection>
    </>
  );
}
