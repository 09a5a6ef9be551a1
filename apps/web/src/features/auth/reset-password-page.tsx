import { usePageTitle } from '../../lib/use-page-title';
import './auth.css';

/** /login/reset-password: only a title (no form or behaviour is specified). */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  return (
    <section className="auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">Reset password</h1>
    </section>
  );
}
