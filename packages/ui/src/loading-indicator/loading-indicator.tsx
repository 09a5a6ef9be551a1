import { cx } from '../utils/cx';
import './spinner.css';
import './loading-indicator.css';

export interface LoadingIndicatorProps {
  /** Default 'Loading...'. */
  text?: string;
  /** Adds 'Please do not reload or close the screen'. */
  warning?: boolean;
  /** Covers the whole screen (default false: fills its container). */
  fullScreen?: boolean;
  className?: string;
}

export const LOADING_WARNING = 'Please do not reload or close the screen';

/** A spinner with 'Loading...' and, with `warning`, 'Please do not reload or close the screen'. */
export function LoadingIndicator({ text = 'Loading...', warning = false, fullScreen = false, className }: LoadingIndicatorProps) {
  return (
    <div className={cx('ui-loading', fullScreen && 'ui-loading--full', className)} role="status" aria-live="polite">
      <span className="ui-spinner" aria-hidden="true" />
      <p className="ui-loading__text">{text}</p>
      {warning && <p className="ui-loading__warning">{LOADING_WARNING}</p>}
    </div>
  );
}
