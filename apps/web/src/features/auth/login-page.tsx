import { zodResolver } from '@hookform/resolvers/zod';
import { type Login, LoginSchema } from '@school/contracts';
import { AppLink, Button, homeRoute, TextField, useSession } from '@school/ui';
import { useForm } from 'react-hook-form';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import { loginFailureMessage } from './auth-messages';
import './auth.css';

/** Student sign-in. */
export function LoginPage() {
  usePageTitle('Sign in');
  const { login, go } = useSession();
  const hydrated = useHydrated();
  const { register, handleSubmit, formState } = useForm<Login>({ resolver: zodResolver(LoginSchema), mode: 'onTouched' });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login(values);
      go(homeRoute(user.role));
    } catch (e) {
      window.alert(loginFailureMessage(e));
    }
  });

  return (
    <section className="site-auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      <p className="site-auth-card__lead">Welcome back. Sign in to continue learning.</p>
      <form method="post" onSubmit={onSubmit} noValidate>
        {/* Fields wait for the script: typed before hydration, the form would not see them. */}
        <fieldset className="site-form-fieldset" disabled={!hydrated}>
          <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <p className="site-auth-card__aside">
            <AppLink to="/login/reset-password">Forgot password?</AppLink>
          </p>
          <Button type="submit" block disabled={!hydrated || isSubmitting}>
            {isSubmitting ? 'Logging in...' : 'Log in'}
          </Button>
        </fieldset>
      </form>
      <p className="site-auth-card__switch">
        New here? <AppLink to="/create-account">Create an account</AppLink>
      </p>
    </section>
  );
}
