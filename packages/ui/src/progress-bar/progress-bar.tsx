import { useId } from 'react';
import { cx } from '../utils/cx';
import './progress-bar.css';

/** Progress clamped between 1 and 100; a missing or non-numeric value counts as 1. */
export function clampProgress(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 1;
  return Math.min(100, Math.max(1, value));
}

export interface ProgressBarProps {
  /** Percentage; shown clamped between 1 and 100. */
  value: number | null | undefined;
  /** Visible label, also the bar's accessible name (default 'Progress'). */
  label?: string;
  /** Show the percentage beside the label (default true). */
  showValue?: boolean;
  className?: string;
}

/** A labelled progress bar (role progressbar) whose value is clamped between 1 and 100. */
export function ProgressBar({ value, label = 'Progress', showValue = true, className }: ProgressBarProps) {
  const labelId = useId();
  const clamped = clampProgress(value);
  const shown = Math.round(clamped);
  return (
    <div className={cx('ui-progress', className)}>
      <div className="ui-progress__header">
        <span id={labelId} className="ui-progress__label">
          {label}
        </span>
        {showValue && <span className="ui-progress__value">{shown}%</span>}
      </div>
      <div
        className="ui-progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        aria-valuetext={`${shown}%`}
      >
        <div className="ui-progress__fill" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
