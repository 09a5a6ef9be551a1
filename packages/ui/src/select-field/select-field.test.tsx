import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SelectField } from './select-field';

describe('SelectField', () => {
  it('renders a labelled native select with the options', async () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Gender"
        placeholder="Select your gender"
        options={['Male', 'Female']}
        defaultValue=""
        onChange={(e) => onChange(e.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Gender' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Select your gender', 'Male', 'Female']);
    await userEvent.selectOptions(select, 'Female');
    expect(onChange).toHaveBeenCalledWith('Female');
    expect(select).toHaveValue('Female');
  });

  it('accepts value/label pairs', () => {
    render(<SelectField label="State" options={[{ value: 'SELANGOR', label: 'Selangor' }]} />);
    expect(screen.getByRole('option', { name: 'Selangor' })).toHaveValue('SELANGOR');
  });

  it('shows the error linked with aria-describedby and aria-invalid', () => {
    render(<SelectField label="Course" options={['Analog Design']} error="Course is required" required placeholder="Select" />);
    const select = screen.getByRole('combobox', { name: 'Course' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Course is required');
    expect(select).toBeRequired();
    expect(screen.getByRole('option', { name: 'Select' })).toBeDisabled();
  });
});
