import type { ReactNode } from 'react';
import { cx } from '../utils/cx';
import './status-chip.css';

export type StatusTone = 'success' | 'warning' | 'neutral' | 'danger';

const TONES: Record<string, StatusTone> = {
  COMPLETED: 'success',
  ACTIVE: 'success',
  GRADED: 'success',
  SUBMITTED: 'success',
  SUSPENDED: 'warning',
  PENDING: 'warning',
  OPEN: 'neutral',
  NOT_OPEN: 'neutral',
  LOCKED: 'neutral',
  DROPPED: 'danger',
};

/**
 * The tone of a status value: COMPLETED, ACTIVE, GRADED and SUBMITTED are
 * green ('success'); SUSPENDED and PENDING 'warning'; DROPPED 'danger';
 * anything else 'neutral'. Case and spaces are ignored ('Graded' -> success).
 */
export function statusTone(status: string | null | undefined): StatusTone {
  const key = (status ?? '').trim().toUpperCase().replace(/\s+/g, '_');
  return TONES[key] ?? 'neutral';
}

export interface StatusChipProps {
  /** Colour: 'success' (green), 'warning', 'neutral' or 'danger'. Default: derived from `status`, else 'neutral'. */
  tone?: StatusTone;
  /** A status value used to pick the tone when `tone` is not given. */
  status?: string | null;
  /** The text; defaults to `status`. */
  children?: ReactNode;
  className?: string;
}

/** A small coloured label for a status, e.g. <StatusChip status="COMPLETED" />. */
export function StatusChip({ tone, status, children, className }: StatusChipProps) {
  const t = tone ?? statusTone(status);
  return (
    <span className={cx('ui-chip', `ui-chip--${t}`, className)} data-tone={t}>
      {children ?? status}
    </span>
  );
}
