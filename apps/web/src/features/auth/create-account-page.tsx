import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, type InvitationLookupResponse, type SignUpForm, SignUpFormSchema } from '@school/contracts';
import { AppLink, Button, formatDate, homeRoute, TextField, useSession } from '@school/ui';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { REGISTRATION_FAILED_ALERT, TRANSPORT_FAILURE_ALERT } from './auth-messages';
import './auth.css';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const;

/** An invitation link's state: looked up, live (its email preset and locked), or refused with the server's message. */
type Invitation =
  | { state: 'none' }
  | { state: 'checking'; token: string }
  | { state: 'live'; token: string; invitation: InvitationLookupResponse }
  | { state: 'refused'; message: string };

/** The invitation of ?invite= (read after hydration: the prerendered page has none), looked up once per token. */
function useInvitation(): Invitation {
  const { client } = useSession();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = hydrated ? params.get('invite') : null;
  const [answer, setAnswer] = useState<{ token: string; result: Invitation } | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    client
      .call('invitationLookup', { body: { token } })
      .then((invitation) => current && setAnswer({ token, result: { state: 'live', token, invitation } }))
      .catch(
        (e: unknown) =>
          current &&
          setAnswer({
            token,
            result: {
              state: 'refused',
              message: e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : TRANSPORT_FAILURE_ALERT,
            },
          }),
      );
    return () => {
      current = false;
    };
  }, [client, token]);
  if (!token) return { state: 'none' };
  return answer?.token === token ? answer.result : { state: 'checking', token };
}

/** Student sign-up; through an invitation link (?invite=) the invited email is preset and locked, and sign-up leads to the class. */
export function CreateAccountPage() {
  usePageTitle('Create an account');
  const { register: signUp, go, client } = useSession();
  const hydrated = useHydrated();
  const invite = useInvitation();
  const live = invite.state === 'live' ? invite : null;
  const { register, handleSubmit, formState, setError, setValue, getValues } = useForm<SignUpForm>({
    resolver: zodResolver(SignUpFormSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (!live) return;
    const { email, first_name, last_name } = live.invitation;
    setValue('email', email, { shouldValidate: true });
    if (first_name && !getValues('first_name')) setValue('first_name', first_name);
    if (last_name && !getValues('last_name')) setValue('last_name', last_name);
  }, [live, setValue, getValues]);

  const onSubmit = handleSubmit(async ({ email, password, first_name, last_name }) => {
    try {
      if (live) {
        // Registered through the invitation, straight into the class. Not through the session's
        // register: a signed-in session on this page would first send the visitor home. The class
        // page restores the session from the refresh cookie this call sets.
        const body = { email: live.invitation.email, password, first_name, last_name, role: 'STUDENT' as const, invite: live.token };
        await client.call('register', { body });
        return go(`/class/${live.invitation.cohort_id_slug}`, { replace: true });
      }
      const user = await signUp({ email, password, first_name, last_name, role: 'STUDENT' });
      go(homeRoute(user.role));
    } catch (e) {
      // Field messages from the server (a taken email, a common password) show beside the field too.
      if (e instanceof ApiError && e.errors) {
        for (const f of FIELDS) if (e.errors[f]) setError(f, { message: e.errors[f] });
      }
      window.alert(REGISTRATION_FAILED_ALERT);
    }
  });

  return (
    <section className="site-auth-card" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your account</h1>
      <p className="site-auth-card__lead">Start learning chip design, verification and manufacturing with industry experts.</p>
      {live && (
        <output className="site-auth-card__invite site-auth-card__status">
          You are invited to join <strong>{live.invitation.cohort_title}</strong> ({formatDate(live.invitation.start_date)} to{' '}
          {formatDate(live.invitation.end_date)}). Create your account with the email the invitation was sent to: you join the class as soon
          as you sign up.
        </output>
      )}
      {invite.state === 'refused' && (
        <p role="alert" className="site-auth-card__error">
          {invite.message}
        </p>
      )}
      <form method="post" onSubmit={onSubmit} noValidate>
        {/* Fields wait for the script: typed before hydration, the form would not see them. */}
        <fieldset className="site-form-fieldset" disabled={!hydrated || invite.state === 'checking'}>
          <div className="site-auth-card__row">
            <TextField label="First name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
            <TextField label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
          </div>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            readOnly={!!live}
            aria-readonly={live ? true : undefined}
            hint={live ? 'This is the email your invitation was sent to.' : undefined}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          <Button type="submit" block disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Signing up...' : 'Sign up'}
          </Button>
        </fieldset>
      </form>
      <p className="site-auth-card__switch">
        Already have an account? <AppLink to="/login">Sign in</AppLink>
      </p>
    </section>
  );
}
