import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, type SignUpForm, SignUpFormSchema } from '@school/contracts';
import { AppLink, Button, homeRoute, TextField, useSession } from '@school/ui';
import { useForm } from 'react-hook-form';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { REGISTRATION_FAILED_ALERT } from './auth-messages';
import './auth.css';

const FIELDS = ['first_name', 'last_name', 'email', 'password', 'confirm_password'] as const;

/** Student sign-up. */
export function CreateAccountPage() {
  usePageTitle('Create an account');
  const { register: signUp, go } = useSession();
  const hydrated = useHydrated();
  const { register, handleSubmit, formState, setError } = useForm<SignUpForm>({
    resolver: zodResolver(SignUpFormSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password, first_name, last_name }) => {
    try {
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
      <form method="post" onSubmit={onSubmit} noValidate>
        {/* Fields wait for the script: typed before hydration, the form would not see them. */}
        <fieldset className="site-form-fieldset" disabled={!hydrated}>
          <div className="site-auth-card__row">
            <TextField label="First name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
            <TextField label="Last name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
          </div>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
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
