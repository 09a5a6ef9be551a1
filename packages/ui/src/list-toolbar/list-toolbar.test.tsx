import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListToolbar, sortOptions } from './list-toolbar';

describe('sortOptions', () => {
  it('maps A-Z, Z-A, Oldest and Newest to order_by values for titles', () => {
    expect(sortOptions()).toEqual([
      { label: 'A-Z', value: 'title' },
      { label: 'Z-A', value: '-title' },
      { label: 'Oldest', value: 'created_date' },
      { label: 'Newest', value: '-created_date' },
    ]);
  });

  it('sorts students by first_name', () => {
    expect(sortOptions('first_name').map((o) => o.value)).toEqual(['first_name', '-first_name', 'created_date', '-created_date']);
  });
});

describe('ListToolbar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces the search and sends the trimmed query once typing pauses', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<ListToolbar onSearch={onSearch} onSortChange={() => {}} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'wa' } });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    fireEvent.change(box, { target: { value: 'wafer ' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('wafer');
  });

  it('searches at once on Enter and does not repeat the same query', async () => {
    const onSearch = vi.fn();
    render(<ListToolbar onSearch={onSearch} onSortChange={() => {}} debounceMs={10_000} />);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'lithography{Enter}');
    expect(onSearch).toHaveBeenCalledWith('lithography');
    await userEvent.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('offers A-Z, Z-A, Oldest, Newest and reports the order_by value', async () => {
    const onSortChange = vi.fn();
    render(<ListToolbar onSearch={() => {}} onSortChange={onSortChange} field="first_name" />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['A-Z', 'Z-A', 'Oldest', 'Newest']);
    expect(select).toHaveValue('first_name');
    await userEvent.selectOptions(select, 'Z-A');
    expect(onSortChange).toHaveBeenLastCalledWith('-first_name');
    await userEvent.selectOptions(select, 'Newest');
    expect(onSortChange).toHaveBeenLastCalledWith('-created_date');
    expect(select).toHaveValue('-created_date');
  });

  it('starts from the given default sort (cohorts: newest first)', () => {
    render(<ListToolbar onSearch={() => {}} onSortChange={() => {}} defaultSort="-created_date" />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Newest');
  });

  it('follows a controlled sort value', () => {
    const { rerender } = render(<ListToolbar onSearch={() => {}} onSortChange={() => {}} sort="-title" />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Z-A');
    rerender(<ListToolbar onSearch={() => {}} onSortChange={() => {}} sort="created_date" />);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue('Oldest');
  });
});
