import { ApiError, emailUnverifiedMessage } from '@school/contracts';
import { Button, routeKey, useRouteMutation, useRouteQuery, useSession } from '@school/ui';

const failure = (e: unknown) =>
  e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'The email could not be sent. Please try again.';

/**
 * Shown while the account's email is unconfirmed: classes the student was invited to with that
 * address join only once it is confirmed, so the student is told, and may have the link sent again.
 */
export function EmailVerificationNotice() {
  const { user } = useSession();
  // Whether the signed-in account has confirmed its email (classes waiting for it join only then).
  const status = useRouteQuery('emailVerificationStatus', {}, { enabled: !!user, retry: false });
  // Mails a new confirmation link; the answer says where it went.
  const resend = useRouteMutation('emailVerificationResend', { invalidates: () => [routeKey('emailVerificationStatus')] });
  if (!status.data || status.data.verified) return null;
  return (
    <section className="learn-verify-notice" aria-labelledby="verify-notice-title">
      <h2 id="verify-notice-title" className="learn-verify-notice__title">
        Confirm your email
      </h2>
      <p>{emailUnverifiedMessage(status.data.email)}</p>
      {resend.isSuccess ? (
        <output className="learn-verify-notice__sent">{resend.data.message}</output>
      ) : (
        <>
          {resend.isError && <p role="alert">{failure(resend.error)}</p>}
          <Button variant="secondary" onClick={() => resend.mutate({})} loading={resend.isPending}>
            Send the link again
          </Button>
        </>
      )}
    </section>
  );
}
