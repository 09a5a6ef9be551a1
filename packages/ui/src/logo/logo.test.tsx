import { render, screen } from '@testing-library/react';
import { BRAND_NAME, Logo } from './logo';

describe('Logo', () => {
  it('shows the wordmark with the brand name', () => {
    const { container } = render(<Logo />);
    expect(container.textContent).toBe(BRAND_NAME);
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('keeps the brand name for assistive technology when the wordmark is hidden', () => {
    render(<Logo showWordmark={false} />);
    expect(screen.getByText(BRAND_NAME)).toHaveClass('ui-visually-hidden');
  });
});
