import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, paginationItems } from './pagination';

describe('paginationItems', () => {
  it('shows first, previous, current, next and last with dots for longer gaps', () => {
    expect(paginationItems(5, 10)).toEqual([1, '...', 4, 5, 6, '...', 10]);
  });

  it('shows a single skipped page instead of dots', () => {
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, '...', 10]);
    expect(paginationItems(7, 10)).toEqual([1, '...', 6, 7, 8, 9, 10]);
  });

  it('handles both ends', () => {
    expect(paginationItems(1, 10)).toEqual([1, 2, '...', 10]);
    expect(paginationItems(10, 10)).toEqual([1, '...', 9, 10]);
  });

  it('handles few pages', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(1, 2)).toEqual([1, 2]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('clamps an out-of-range page', () => {
    expect(paginationItems(99, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationItems(0, 10)).toEqual([1, 2, '...', 10]);
  });
});

describe('Pagination', () => {
  const shown = () => Array.from(screen.getByRole('navigation', { name: 'Pagination' }).querySelectorAll('li')).map((li) => li.textContent);

  it('renders « ‹ 1 ... 4 5 6 ... 10 › » for page 5 of 10 and marks the current page', () => {
    render(<Pagination page={5} numPages={10} onChange={() => {}} />);
    expect(shown()).toEqual(['', '', '1', '...', '4', '5', '6', '...', '10', '', '']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 4' })).not.toHaveAttribute('aria-current');
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('calls onChange with the chosen page', async () => {
    const onChange = vi.fn();
    render(<Pagination page={5} numPages={10} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([10, 4, 6, 1, 10]);
  });

  it('disables first and previous on the first page, next and last on the last', () => {
    const { rerender } = render(<Pagination page={1} numPages={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    rerender(<Pagination page={3} numPages={3} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('renders nothing for a single page unless asked', () => {
    const { container, rerender } = render(<Pagination page={1} numPages={1} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<Pagination page={1} numPages={1} onChange={() => {}} hideWhenSinglePage={false} />);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    rerender(<Pagination page={1} numPages={0} onChange={() => {}} hideWhenSinglePage={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
