import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs, type TabItem } from './tabs';

const tabs: TabItem[] = [
  { label: 'Learn', content: <p>Continue where you left off</p> },
  { label: 'Grades', content: <p>Grade items</p> },
  { label: 'Certifications', content: <p>Certificates</p> },
];

function Controlled({
  items = tabs,
  initial = 0,
  onChange = () => {},
  orientation,
}: {
  items?: TabItem[];
  initial?: number;
  onChange?: (i: number) => void;
  orientation?: 'horizontal' | 'vertical';
}) {
  const [active, setActive] = useState(initial);
  return (
    <Tabs
      tabs={items}
      active={active}
      label="Cohort sections"
      orientation={orientation}
      onChange={(i) => {
        onChange(i);
        setActive(i);
      }}
    />
  );
}

describe('Tabs', () => {
  it('renders a labelled tablist with the active tab selected and its panel', () => {
    render(<Controlled initial={1} />);
    expect(screen.getByRole('tablist', { name: 'Cohort sections' })).toBeInTheDocument();
    const grades = screen.getByRole('tab', { name: 'Grades' });
    expect(grades).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Learn' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Grades' });
    expect(panel).toHaveTextContent('Grade items');
    expect(grades).toHaveAttribute('aria-controls', panel.id);
    expect(screen.queryByText('Continue where you left off')).toBeNull();
  });

  it('switches on click and reports the index', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Certifications' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Certificates');
  });

  it('moves with the arrow keys, wrapping, and with Home and End', async () => {
    render(<Controlled />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Learn' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Grades' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Grades' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Learn' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Certifications' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Learn' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Certifications' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps only the active tab in the tab order', () => {
    render(<Controlled initial={2} />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('uses Up and Down when vertical and skips disabled tabs', async () => {
    render(
      <Controlled
        orientation="vertical"
        items={[{ label: 'Profile' }, { label: 'Billing', disabled: true }, { label: 'Account Settings' }]}
      />,
    );
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('tab', { name: 'Account Settings' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tabpanel')).toBeNull();
  });

  it('shows children as the active panel', () => {
    render(
      <Tabs tabs={[{ label: 'Details' }, { label: 'Curriculum' }]} active={1} onChange={() => {}} label="Course">
        <p>Modules</p>
      </Tabs>,
    );
    expect(screen.getByRole('tabpanel', { name: 'Curriculum' })).toHaveTextContent('Modules');
  });
});
