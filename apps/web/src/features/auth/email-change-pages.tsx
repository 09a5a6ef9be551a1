import { ApiError, EMAIL_CHANGE_CONFIRMED_MESSAGE } from '@school/contracts';
import { AppLink, Button, useSession } from '@school/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { TRANSPORT_FAILURE_ALERT } from './auth-messages';
import './auth.css';

const failureMessage = (e: unknown) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : TRANSPORT_FAILURE_ALERT);

interface LinkPageProps {
  title: string;
  lead: string;
  action: string;
  /** Calls the API with the link's token and answers the message to show. */
  submit: (token: string) => Promise<string>;
  /** After a success (the alert of the confirmation). */
  onDone?: (message: string) => void;
}

/**
 * A page behind a link from an email: it acts only on a click (a mail scanner fetching the link
 * changes nothing) and works signed out.
 */
function LinkPage({ title, lead, action, submit, onDone }: LinkPageProps) {
  usePageTitle(title);
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? params.get('token') : null;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { user } = useSession();

  const onClick = async () => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    try {
      const message = await submit(token);
      setDone(message);
      onDone?.(message);
    } catch (e) {
      setFailure(failureMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="site-auth-card" aria-labelledby="email-link-title">
      <h1 id="email-link-title">{title}</h1>
      {done ? (
        <>
          <output className="site-auth-card__lead site-auth-card__status">{done}</output>
          <p className="site-auth-card__switch">
            {user ? (
              <AppLink to={user.role === 'STUDENT' ? '/student/settings' : '/admin/settings'}>Back to settings</AppLink>
            ) : (
              <AppLink to="/login">Sign in</AppLink>
            )}
          </p>
        </>
      ) : hydrated && !token ? (
        <p role="alert" className="site-auth-card__error">
          This link is incomplete. Open it again from the email.
        </p>
      ) : (
        <>
          <p className="site-auth-card__lead">{lead}</p>
          {failure && (
            <p role="alert" className="site-auth-card__error">
              {failure}
            </p>
          )}
          <Button type="button" block disabled={!token || busy} onClick={onClick}>
            {busy ? 'Saving...' : action}
          </Button>
        </>
      )}
    </section>
  );
}

/** /account/confirm-email?token=: the link sent to the new address makes it the account's email. */
export function ConfirmEmailPage() {
  const { client, user, setUser } = useSession();
  return (
    <LinkPage
      title="Confirm your new email"
      lead="Confirm to make this address the email you sign in with."
      action="Confirm my new email"
      submit={async (token) => {
        const res = await client.call('emailChangeConfirm', { body: { token } });
        if (user) setUser({ ...user, email: res.email });
        return res.message;
      }}
      onDone={() => window.alert(EMAIL_CHANGE_CONFIRMED_MESSAGE)}
    />
  );
}

/**
 * /account/verify-email?token=: the link mailed on registration proves the address; the classes
 * that were waiting for it then appear on the learner's dashboard.
 */
export function VerifyEmailPage() {
  const { client } = useSession();
  return (
    <LinkPage
      title="Confirm your email"
      lead="Confirm that this address is yours. Classes you were invited to with it then appear on your dashboard."
      action="Confirm my email"
      submit={async (token) => (await client.call('emailVerify', { body: { token } })).message}
    />
  );
}

/** /account/cancel-email-change?token=: the link sent to the old address withdraws a pending change. */
export function CancelEmailChangePage() {
  const { client } = useSession();
  return (
    <LinkPage
      title="Cancel the email change"
      lead="Cancel the change to keep signing in with this email, or undo it if it was already confirmed. If you did not ask for it, change your password too."
      action="Cancel the change"
      submit={async (token) => (await client.call('emailChangeCancel', { body: { token } })).message}
    />
  );
}
