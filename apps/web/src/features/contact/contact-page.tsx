import { PageBanner } from '../../components/page-banner';
import { usePageTitle } from '../../lib/use-page-title';
import { ContactForm } from '../../components/forms/components/contact-form';

/** Contact: banner and the contact form. */
export function ContactPage() {
  usePageTitle('Contact us');
  return (
    <>
      <PageBanner
        title="Contact us"
        subtitle="Questions about a course, the youth programme or training for your team? Send us a message."
      />
      <section className="site-page-section" aria-label="Send us a message">
        <div className="ui-page ui-page--gutters ui-page--narrow">
          <div className="site-form-card">
            <ContactForm />
          </div>
        </div>
      </section>
    </>
  );
}
