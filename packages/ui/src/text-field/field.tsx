import type { ReactNode } from 'react';
import { cx } from '../utils/cx';
import './field.css';

/** Ids of the hint and error elements of a field, and its aria-describedby value. */
export function fieldIds(id: string, hint?: ReactNode, error?: ReactNode) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { hintId, errorId, describedBy };
}

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hideLabel?: boolean;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The label, hint and error around a form control. */
export function FieldFrame({ id, label, hideLabel, required, hint, error, className, children }: FieldFrameProps) {
  const { hintId, errorId } = fieldIds(id, hint, error);
  return (
    <div className={cx('ui-field', error ? 'ui-field--invalid' : undefined, className)}>
      <label htmlFor={id} className={cx('ui-field__label', hideLabel && 'ui-visually-hidden')}>
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
