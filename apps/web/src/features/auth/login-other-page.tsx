import { AppLink, Button, TextField } from '@school/ui';
import { usePageTitle } from '../../lib/use-page-title';
import './auth.css';

/** Instructor sign-in: the form is shown but not wired to any call (spec: submit is not wired). */
export function LoginOtherPage() {
  usePageTitle('Instructor sign in');
  return (
    <section className="site-auth-card" aria-labelledby="login-other-title">
      <h1 id="login-other-title">Instructor sign in</h1>
      <p className="site-auth-card__lead">Sign in to your instructor account.</p>
      <form method="post" onSubmit={(e) => e.preventDefault()} noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" />
        <p className="site-auth-card__aside">
          <AppLink to="/login/reset-password">Forgot password?</AppLink>
        </p>
        <Button type="submit" block>
          Log in
        </Button>
      </form>
      <p className="site-auth-card__switch">
        Are you a student? <AppLink to="/login">Student sign in</AppLink>
      </p>
    </section>
  );
}
