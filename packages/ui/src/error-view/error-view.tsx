import { buttonClass } from '../button/button';
import { AppLink } from '../app-link/app-link';
import { cx } from '../utils/cx';
import './error-view.css';

export const ERROR_VIEW_TEXT = "404. That's an error... This content is not available right now.";
export const NOT_FOUND_DEFAULT_MESSAGE = 'Uh oh... something went wrong!';

export interface ErrorViewProps {
  /** Where 'Return home' leads (default '/'). */
  homePath?: string;
  isInternal?: (path: string) => boolean;
  className?: string;
}

/** "404. That's an error... This content is not available right now." with a 'Return home' button. */
export function ErrorView({ homePath = '/', isInternal, className }: ErrorViewProps) {
  return (
    <section className={cx('ui-error-view', className)}>
      <h1 className="ui-error-view__title">
        <span className="ui-error-view__code">404.</span> <span className="ui-error-view__lead">That's an error...</span>{' '}
        <span className="ui-error-view__detail">This content is not available right now.</span>
      </h1>
      <AppLink to={homePath} isInternal={isInternal} className={buttonClass('primary', 'md')}>
        Return home
      </AppLink>
    </section>
  );
}

export interface NotFoundMessageProps {
  /** Default 'Uh oh... something went wrong!' (e.g. 'Uh oh... course not found'). */
  message?: string;
  /** Where 'Go back home' leads (default '/'). */
  homePath?: string;
  isInternal?: (path: string) => boolean;
  className?: string;
}

/** A not-found message with a 'Go back home' button. */
export function NotFoundMessage({ message = NOT_FOUND_DEFAULT_MESSAGE, homePath = '/', isInternal, className }: NotFoundMessageProps) {
  return (
    <section className={cx('ui-error-view', className)}>
      <h1 className="ui-error-view__message">{message}</h1>
      <AppLink to={homePath} isInternal={isInternal} className={buttonClass('primary', 'md')}>
        Go back home
      </AppLink>
    </section>
  );
}
