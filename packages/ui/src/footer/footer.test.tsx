import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Footer, copyrightText } from './footer';

describe('Footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the copyright line with the current year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2031, 2, 4));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByText('© 2031 ChipSkills Academy. All rights reserved.')).toBeInTheDocument();
  });

  it('links the brand logo to /', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'ChipSkills Academy home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('links the four social networks safely in a new tab', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: 'Social media' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual([
      'LinkedIn (opens in a new tab)',
      'Facebook (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'YouTube (opens in a new tab)',
    ]);
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\/www\.[a-z]+\.com\/$/);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('formats the copyright for a given year', () => {
    expect(copyrightText(2026)).toBe('© 2026 ChipSkills Academy. All rights reserved.');
  });
});
