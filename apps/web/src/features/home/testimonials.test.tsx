import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { Testimonials } from './components/testimonials';

describe('testimonials', () => {
  it('wraps around at both ends', () => {
    renderAt(<Testimonials title="What our graduates say" action={{ label: 'Enrol now', to: '/apply' }} />);
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' })));
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' })));
    expect(screen.getByText('1 / 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enrol now' })).toHaveAttribute('href', '/apply');
  });
});
