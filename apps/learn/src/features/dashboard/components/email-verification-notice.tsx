import { ApiError, emailUnverifiedMessage } from '@school/contracts';
import { Button } from '@school/ui';
import { useEmailVerification, useResendVerification } from '../api/email-verification';

const failure = (e: unknown) =>
  e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : 'The email could not be sent. Please try again.';

/**
 * Shown while the account's email is unconfirmed: classes the student was invited to with that
 * address join only once it is confirmed, so the student is told, and may have the link sent again.
 */
export function EmailVerificationNotice() {
  const status = useEmailVerification();
  const resend = useResendVerification();
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
          <Button variant="secondary" onClick={() => resend.mutate()} loading={resend.isPending}>
            Send the link again
          </Button>
        </>
      )}
    </section>
  );
}
