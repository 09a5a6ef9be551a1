import { render, screen } from '@testing-library/react';
import { Avatar, initials } from './avatar';

describe('initials', () => {
  it('takes the uppercase first letter of each name', () => {
    expect(initials('ada', 'lovelace')).toBe('AL');
    expect(initials('  Grace ', 'hopper')).toBe('GH');
  });

  it('copes with missing names', () => {
    expect(initials('Linus', '')).toBe('L');
    expect(initials(null, undefined)).toBe('');
  });
});

describe('Avatar', () => {
  it('shows the initials and names the person for assistive technology', () => {
    render(<Avatar firstName="nur" lastName="aisyah" />);
    const avatar = screen.getByRole('img', { name: 'nur aisyah' });
    expect(avatar).toHaveTextContent('NA');
  });

  it('uses a 13 px font by default', () => {
    render(<Avatar firstName="A" lastName="B" />);
    const avatar = screen.getByRole('img');
    expect(avatar.style.fontSize).toBe('13px');
    expect(parseFloat(avatar.style.width) * 0.35).toBeCloseTo(13, 5);
  });

  it('sets the font size to 35% of the given width', () => {
    render(<Avatar firstName="A" lastName="B" size={100} />);
    const avatar = screen.getByRole('img');
    expect(avatar.style.width).toBe('100px');
    expect(avatar.style.height).toBe('100px');
    expect(parseFloat(avatar.style.fontSize)).toBeCloseTo(35, 5);
  });

  it('can be hidden from assistive technology', () => {
    const { container } = render(<Avatar firstName="A" lastName="B" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
