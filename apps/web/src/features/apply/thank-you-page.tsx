import { thankYouCopy } from '@school/catalogue';
import { ButtonLink } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';

/** /apply/thank-you: shown after a programme application is submitted. */
export function ThankYouPage() {
  usePageTitle('Thank you for applying');
  return (
    <section className="site-page-section site-thank-you" aria-labelledby="thank-you-title">
      <div className="ui-page ui-page--gutters ui-page--narrow site-thank-you__card">
        <h1 id="thank-you-title">{thankYouCopy.title}</h1>
        <p>{thankYouCopy.message}</p>
        <p>{thankYouCopy.confirmation}</p>
        <p className="site-thank-you__note">{thankYouCopy.note}</p>
        <ButtonLink to={thankYouCopy.action.to}>{thankYouCopy.action.label}</ButtonLink>
      </div>
    </section>
  );
}
