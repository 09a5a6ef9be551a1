import { ButtonLink } from '@school/ui';

/** Landing page hero. */
export function HomePage() {
  return (
    <section className="hero">
      <h1>Building Tomorrow's Semiconductor Leaders</h1>
      <div className="hero__actions">
        <ButtonLink to="/apply">Get started</ButtonLink>
        <ButtonLink to="/about" variant="secondary">Learn more</ButtonLink>
      </div>
    </section>
  );
}
