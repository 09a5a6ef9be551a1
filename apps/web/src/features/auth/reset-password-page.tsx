import { zodResolver } from '@hookform/resolvers/zod';
import {
  ApiError,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type PasswordResetForm,
  PasswordResetFormSchema,
  type PasswordResetRequest,
  PasswordResetRequestSchema,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_USED_MESSAGE,
} from '@school/contracts';
import { AppLink, Button, homeRoute, TextField, useSession } from '@school/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { TRANSPORT_FAILURE_ALERT } from './auth-messages';
import './auth.css';

/** The states of a link the server refuses, each with its own heading. */
const LINK_STATES = {
  [RESET_LINK_EXPIRED_MESSAGE]: 'This link has expired',
  [RESET_LINK_USED_MESSAGE]: 'This link has already been used',
  [RESET_LINK_INVALID_MESSAGE]: 'This link is no longer valid',
} as const;
type LinkRefusal = keyof typeof LINK_STATES;

/** The server's message for a failed call, or the generic transport message. */
const failureMessage = (e: unknown) => (e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : TRANSPORT_FAILURE_ALERT);

/**
 * /login/reset-password: without a token, asks for the email and sends a link (the answer never says
 * whether an account exists); with ?token= from that link, sets a new password and signs in.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  // Read after hydration: the prerendered page is the one without a token.
  const token = hydrated ? params.get('token') : null;
  return (
    <section className="site-auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
      {token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />}
    </section>
  );
}

function RequestLinkForm() {
  const { client } = useSession();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<PasswordResetRequest>({
    resolver: zodResolver(PasswordResetRequestSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const res = await client.call('passwordResetRequest', { body });
      setSent(res.message || PASSWORD_RESET_REQUESTED_MESSAGE);
    } catch (e) {
      if (e instanceof ApiError && e.errors?.email) setError('email', { message: e.errors.email });
      else setFailure(failureMessage(e));
    }
  });

  if (sent) {
    return (
      <>
        <output className="site-auth-card__lead site-auth-card__status">{sent}</output>
        <p className="site-auth-card__lead">Check your inbox, and your spam folder, then follow the link in the email.</p>
        <p className="site-auth-card__switch">
          <AppLink to="/login">Back to sign in</AppLink>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="site-auth-card__lead">Enter the email of your account and we will send you a link to choose a new password.</p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <fieldset className="site-form-fieldset" disabled={!hydrated}>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          {failure && (
            <p role="alert" className="site-auth-card__error">
              {failure}
            </p>
          )}
          <Button type="submit" block disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Send reset link'}
          </Button>
        </fieldset>
      </form>
      <p className="site-auth-card__switch">
        Remembered it? <AppLink to="/login">Sign in</AppLink>
      </p>
    </>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { client, setAccessToken, setUser, go } = useSession();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<LinkRefusal | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<PasswordResetForm>({
    resolver: zodResolver(PasswordResetFormSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await client.call('passwordResetConfirm', { body: { token, ...values } });
      setAccessToken(res.access);
      go(homeRoute(res.user.role), { replace: true });
      setUser(res.user);
    } catch (e) {
      const tokenMessage = e instanceof ApiError ? e.errors?.token : undefined;
      if (tokenMessage && tokenMessage in LINK_STATES) return setRefusal(tokenMessage as LinkRefusal);
      if (e instanceof ApiError && (e.errors?.new_password || e.errors?.confirm_new_password)) {
        if (e.errors.new_password) setError('new_password', { message: e.errors.new_password });
        if (e.errors.confirm_new_password) setError('confirm_new_password', { message: e.errors.confirm_new_password });
        return;
      }
      setFailure(failureMessage(e));
    }
  });

  if (refusal) {
    return (
      <div role="alert">
        <h2 className="site-auth-card__subtitle">{LINK_STATES[refusal]}</h2>
        <p className="site-auth-card__lead">{refusal}</p>
        <Button type="button" block onClick={() => navigate('/login/reset-password', { replace: true })}>
          Send me a new link
        </Button>
      </div>
    );
  }
  return (
    <>
      <p className="site-auth-card__lead">
        Choose a new password for your account. You will be signed in with it, and signed out everywhere else.
      </p>
      <form method="post" onSubmit={onSubmit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.new_password?.message}
          {...register('new_password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_new_password?.message}
          {...register('confirm_new_password')}
        />
        {failure && (
          <p role="alert" className="site-auth-card__error">
            {failure}
          </p>
        )}
        <Button type="submit" block disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Reset password'}
        </Button>
      </form>
    </>
  );
}
