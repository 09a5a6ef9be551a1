import type { ButtonHTMLAttributes, Ref } from 'react';
import { AppLink, type AppLinkProps } from '../app-link/app-link';
import { cx } from '../utils/cx';
import '../loading-indicator/spinner.css';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent' | 'outline-light';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class list of a button look, for elements that are not `Button` or `ButtonLink`. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false): string {
  return cx('ui-button', `ui-button--${variant}`, `ui-button--${size}`, block && 'ui-button--block');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Shows a spinner, sets aria-busy and disables the button. Put the busy text ('Saving...') in children. */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button; type defaults to "button" so it never submits a form by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClass(variant, size, block), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className="ui-spinner ui-spinner--inline" aria-hidden="true" />}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends AppLinkProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** A link that looks like a button (router Link or plain anchor, see AppLink). */
export function ButtonLink({ variant = 'primary', size = 'md', block = false, className, ...rest }: ButtonLinkProps) {
  return <AppLink className={cx(buttonClass(variant, size, block), className)} {...rest} />;
}
