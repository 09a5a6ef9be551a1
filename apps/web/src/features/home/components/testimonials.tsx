import { testimonials } from '@school/catalogue';
import { ButtonLink, ChevronLeftIcon, ChevronRightIcon, useWrapIndex } from '@school/ui';
import '../home.css';

/** The graduates' testimonials, one at a time; previous and next wrap around at both ends. */
export function Testimonials({ title, action }: { title: string; action: { label: string; to: string } }) {
  const { index, next, prev } = useWrapIndex(testimonials.length);
  const item = testimonials[index];
  return (
    <section className="site-home-section site-home-testimonials" aria-labelledby="testimonials-title">
      <div className="ui-page ui-page--gutters">
        <h2 id="testimonials-title" className="site-home-section__title">
          {title}
        </h2>
        <div className="site-testimonial" aria-roledescription="carousel" aria-label="Testimonials">
          <figure
            className="site-testimonial__card"
            aria-live="polite"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${testimonials.length}`}
          >
            <blockquote>
              <p className="site-testimonial__title">{item.title}</p>
              <p className="site-testimonial__text">{item.subtext}</p>
            </blockquote>
            <figcaption className="site-testimonial__author">
              <span className="site-testimonial__name">{item.name}</span>
              <span className="site-testimonial__location">{item.location}</span>
            </figcaption>
          </figure>
          <div className="site-testimonial__controls">
            <button type="button" className="ui-icon-button" aria-label="Previous testimonial" onClick={prev}>
              <ChevronLeftIcon />
            </button>
            <span className="site-testimonial__count">{`${index + 1} / ${testimonials.length}`}</span>
            <button type="button" className="ui-icon-button" aria-label="Next testimonial" onClick={next}>
              <ChevronRightIcon />
            </button>
          </div>
        </div>
        <div className="site-home-section__action">
          <ButtonLink to={action.to}>{action.label}</ButtonLink>
        </div>
      </div>
    </section>
  );
}
