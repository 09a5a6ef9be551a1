import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame, fieldIds } from '../text-field/field';
import { cx } from '../utils/cx';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: ReactNode;
  /** The options; strings are used as both value and label. */
  options: ReadonlyArray<SelectOption | string>;
  /** A first, empty option such as 'Select your state' (value ''). */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  hideLabel?: boolean;
  className?: string;
  selectClassName?: string;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A labelled native select. The native control opens the platform's own
 * picker, so no body-scroll locking is needed on small screens.
 */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  hideLabel,
  className,
  selectClassName,
  id,
  required,
  ref,
  ...rest
}: SelectFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const { describedBy } = fieldIds(fieldId, hint, error);
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} required={required} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        id={fieldId}
        className={cx('ui-input', 'ui-select', selectClassName)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      >
        {placeholder !== undefined && (
          <option value="" disabled={required}>
            {placeholder}
          </option>
        )}
        {options.map((o) => {
          const opt = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={opt.value} value={opt.value} disabled={opt.disabled}>
              {opt.label}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}
