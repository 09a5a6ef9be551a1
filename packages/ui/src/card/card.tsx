import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../utils/cx';
import './card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render (default 'div'). */
  as?: 'div' | 'article' | 'section' | 'li';
  /** Adds hover and focus-within lift for clickable cards. */
  interactive?: boolean;
  /** Inner padding (default true). */
  padded?: boolean;
  children?: ReactNode;
}

/** A white surface with a border, rounded corners and a soft shadow. */
export function Card({ as: Tag = 'div', interactive = false, padded = true, className, children, ...rest }: CardProps) {
  return (
    <Tag className={cx('ui-card', interactive && 'ui-card--interactive', padded && 'ui-card--padded', className)} {...rest}>
      {children}
    </Tag>
  );
}
