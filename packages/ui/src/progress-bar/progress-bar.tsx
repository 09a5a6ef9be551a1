import { useId } from 'react';
import { cx } from '../utils/cx';
import './progress-bar.css';

/** The bar's fill width: between 1 and 100 (the spec's minimum sliver); a missing or non-numeric value counts as 1. */
export function clampProgress(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 1;
  return Math.min(100, Math.max(1, value));
}

/** The percentage a person reads: the true value between 0 and 100 (nothing done is 0%, never 1%). */
export function progressPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

export interface ProgressBarProps {
  /** Percentage; read as 0-100, drawn at least 1% wide. */
  value: number | null | undefined;
  /** Visible label, also the bar's accessible name (default 'Progress'). */
  label?: string;
  /** Show the percentage beside the label (default true). */
  showValue?: boolean;
  className?: string;
}

/** A labelled progress bar (a native <progress>): its number is the true percentage, its fill at least a sliver. */
export function ProgressBar({ value, label = 'Progress', showValue = true, className }: ProgressBarProps) {
  const labelId = useId();
  const percent = progressPercent(value);
  const shown = Math.round(percent);
  return (
    <div className={cx('ui-progress', className)}>
      <div className="ui-progress__header">
        <span id={labelId} className="ui-progress__label">
          {label}
        </span>
        {showValue && <span className="ui-progress__value">{shown}%</span>}
      </div>
      {/* The native bar draws the fill (at least a sliver, so `value` is the clamped one) while its
          aria values say the true percentage; the inner fill is the fallback of a browser without it. */}
      <progress
        className="ui-progress__track"
        max={100}
        value={clampProgress(value)}
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${shown}%`}
      >
        <div className="ui-progress__fill" style={{ width: `${clampProgress(value)}%` }} />
      </progress>
    </div>
  );
}
