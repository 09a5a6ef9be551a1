import { ApiError } from '@school/contracts';
import { AppLink, Button, useSession } from '@school/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { TRANSPORT_FAILURE_ALERT } from './auth-messages';
import './auth.css';

/**
 * /unsubscribe?token=: the footer link of a reminder or digest. Works signed out; turns the mail
 * off only on a click (a mail scanner fetching the link changes nothing). Mail clients use the
 * List-Unsubscribe header's one-click POST instead.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? params.get('token') : null;
  const { client } = useSession();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const onClick = async () => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    try {
      setDone((await client.call('unsubscribe', { query: { token }, body: {} })).message);
    } catch (e) {
      setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : TRANSPORT_FAILURE_ALERT);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="site-auth-card" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {done ? (
        <>
          <output className="site-auth-card__lead site-auth-card__status">{done}</output>
          <p className="site-auth-card__switch">
            <AppLink to="/login">Sign in</AppLink>
          </p>
        </>
      ) : hydrated && !token ? (
        <p role="alert" className="site-auth-card__error">
          This link is incomplete. Open it again from the email.
        </p>
      ) : (
        <>
          <p className="site-auth-card__lead">Stop receiving this kind of email. Emails about your account are always sent.</p>
          {failure && (
            <p role="alert" className="site-auth-card__error">
              {failure}
            </p>
          )}
          <Button type="button" block disabled={!token || busy} onClick={onClick}>
            {busy ? 'Saving...' : 'Unsubscribe'}
          </Button>
        </>
      )}
    </section>
  );
}
