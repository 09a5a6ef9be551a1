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
    <output className={cx('ui-loading', fullScreen && 'ui-loading--full', className)} aria-live="polite">
      <span className="ui-spinner" aria-hidden="true" />
      <span className="ui-loading__text">{text}</span>
      {warning && <span className="ui-loading__warning">{LOADING_WARNING}</span>}
    </output>
  );
}
