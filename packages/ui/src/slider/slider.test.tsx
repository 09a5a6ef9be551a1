import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Slider, visibleCount } from './slider';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function cards(n: number) {
  return Array.from({ length: n }, (_, i) => (
    <a key={i} href={`/class/${i + 1}`}>
      Class {i + 1}
    </a>
  ));
}

const visibleCards = () => screen.queryAllByRole('link').map((l) => l.textContent);

describe('visibleCount', () => {
  it('shows fewer cards on narrow screens and at most totalItems', () => {
    expect(visibleCount(360)).toBe(1);
    expect(visibleCount(600)).toBe(2);
    expect(visibleCount(900)).toBe(3);
    expect(visibleCount(1280)).toBe(4);
    expect(visibleCount(1280, 6)).toBe(6);
    expect(visibleCount(1280, 2)).toBe(2);
    expect(visibleCount(360, 0)).toBe(1);
  });

  it('switches at 540, 780 and 1000 px', () => {
    expect([539, 540, 779, 780, 999, 1000].map((w) => visibleCount(w))).toEqual([1, 2, 2, 3, 3, 4]);
  });
});

describe('Slider', () => {
  const original = window.innerWidth;
  afterEach(() => setWidth(original));

  it('shows four cards at a time by default on a wide screen, with a 15 px gap', () => {
    setWidth(1280);
    render(<Slider label="My classes">{cards(6)}</Slider>);
    expect(screen.getByRole('region', { name: 'My classes' })).toBeInTheDocument();
    expect(visibleCards()).toEqual(['Class 1', 'Class 2', 'Class 3', 'Class 4']);
    const track = screen.getByRole('region').querySelector('.ui-slider__track') as HTMLElement;
    expect(track.style.gap).toBe('15px');
  });

  it('moves one card at a time and stops at both ends', async () => {
    setWidth(1280);
    render(<Slider label="My classes">{cards(6)}</Slider>);
    const prev = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(prev).toBeDisabled();
    await userEvent.click(next);
    expect(visibleCards()).toEqual(['Class 2', 'Class 3', 'Class 4', 'Class 5']);
    await userEvent.click(next);
    expect(visibleCards()).toEqual(['Class 3', 'Class 4', 'Class 5', 'Class 6']);
    expect(next).toBeDisabled();
    expect(screen.getByText('Showing 3 to 6 of 6')).toBeInTheDocument();
    await userEvent.click(prev);
    await userEvent.click(prev);
    expect(visibleCards()).toEqual(['Class 1', 'Class 2', 'Class 3', 'Class 4']);
    expect(prev).toBeDisabled();
  });

  it('shows one card at a time on a 360 px screen', async () => {
    setWidth(360);
    render(<Slider label="My classes">{cards(3)}</Slider>);
    expect(visibleCards()).toEqual(['Class 1']);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(visibleCards()).toEqual(['Class 2']);
  });

  it('hides the buttons when every card fits', () => {
    setWidth(1280);
    render(<Slider label="My classes">{cards(3)}</Slider>);
    expect(screen.queryByRole('button')).toBeNull();
    expect(visibleCards()).toHaveLength(3);
  });

  it('honours custom totalItems, gap and button labels', async () => {
    setWidth(1280);
    render(
      <Slider label="Courses" totalItems={2} gap={24} prevLabel="Previous courses" nextLabel="Next courses">
        {cards(3)}
      </Slider>,
    );
    const region = screen.getByRole('region', { name: 'Courses' });
    expect(visibleCards()).toEqual(['Class 1', 'Class 2']);
    expect((region.querySelector('.ui-slider__track') as HTMLElement).style.gap).toBe('24px');
    await userEvent.click(within(region).getByRole('button', { name: 'Next courses' }));
    expect(visibleCards()).toEqual(['Class 2', 'Class 3']);
  });
});
