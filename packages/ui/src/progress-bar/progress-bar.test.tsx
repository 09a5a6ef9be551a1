import { render, screen } from '@testing-library/react';
import { ProgressBar, clampProgress, progressPercent } from './progress-bar';

describe('clampProgress', () => {
  it('keeps values between 1 and 100', () => {
    expect(clampProgress(0)).toBe(1);
    expect(clampProgress(-20)).toBe(1);
    expect(clampProgress(1)).toBe(1);
    expect(clampProgress(42.5)).toBe(42.5);
    expect(clampProgress(100)).toBe(100);
    expect(clampProgress(180)).toBe(100);
  });

  it('treats missing and non-numeric values as 1', () => {
    expect(clampProgress(null)).toBe(1);
    expect(clampProgress(undefined)).toBe(1);
    expect(clampProgress(Number.NaN)).toBe(1);
  });
});

describe('progressPercent', () => {
  it('reads nothing done as 0 and keeps values between 0 and 100', () => {
    expect(progressPercent(0)).toBe(0);
    expect(progressPercent(-5)).toBe(0);
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
    expect(progressPercent(42.5)).toBe(42.5);
    expect(progressPercent(180)).toBe(100);
  });
});

describe('ProgressBar', () => {
  it('exposes a labelled progressbar with the clamped value', () => {
    render(<ProgressBar value={64} label="Course progress" />);
    const bar = screen.getByRole('progressbar', { name: 'Course progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '64');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('64%')).toBeInTheDocument();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('64%');
  });

  it('says 0% for nothing done while drawing a 1% sliver, and clamps 150 down to 100', () => {
    const { rerender } = render(<ProgressBar value={0} />);
    const bar = screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    expect(bar).toHaveAttribute('aria-valuetext', '0%');
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('1%');
    rerender(<ProgressBar value={150} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeInTheDocument();
  });

  it('rounds the shown percentage', () => {
    render(<ProgressBar value={33.333} />);
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '33%');
  });

  it('can hide the percentage text', () => {
    render(<ProgressBar value={50} showValue={false} />);
    expect(screen.queryByText('50%')).toBeNull();
  });
});
