import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cx } from '../utils/cx';
import { FieldFrame, fieldIds } from './field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  label: ReactNode;
  /** Shown below the input, linked by aria-describedby, and sets aria-invalid. */
  error?: ReactNode;
  /** Help text below the input, linked by aria-describedby. */
  hint?: ReactNode;
  /** Keep the label for assistive technology only. */
  hideLabel?: boolean;
  /** Class of the wrapper. */
  className?: string;
  inputClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input with an optional hint and error message. */
export function TextField({ label, error, hint, hideLabel, className, inputClassName, id, required, ref, ...rest }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const { describedBy } = fieldIds(fieldId, hint, error);
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <input
        ref={ref}
        id={fieldId}
        className={cx('ui-input', inputClassName)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  inputClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line text input with an optional hint and error message. */
export function TextAreaField({
  label,
  error,
  hint,
  hideLabel,
  className,
  inputClassName,
  id,
  required,
  rows = 5,
  ref,
  ...rest
}: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const { describedBy } = fieldIds(fieldId, hint, error);
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        className={cx('ui-input', 'ui-textarea', inputClassName)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}
