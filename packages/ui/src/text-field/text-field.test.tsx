import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TextAreaField, TextField } from './text-field';

describe('TextField', () => {
  it('is labelled and forwards input props', async () => {
    const onChange = vi.fn();
    render(<TextField label="Email" type="email" name="email" onChange={onChange} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input, 'a@b.co');
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('shows the error below, linked with aria-describedby, and marks the input invalid', () => {
    render(<TextField label="Email" error="Invalid email format" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email format');
    expect(screen.getByText('Invalid email format')).toHaveClass('ui-field__error');
  });

  it('describes the input with both hint and error', () => {
    render(<TextField label="Password" hint="At least 6 characters" error="Password is required" />);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters Password is required');
  });

  it('marks required fields', () => {
    render(<TextField label="First name" required />);
    expect(screen.getByRole('textbox', { name: 'First name' })).toBeRequired();
  });

  it('can hide the label visually but keep the name', () => {
    render(<TextField label="Search" hideLabel type="search" />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Search')).toHaveClass('ui-visually-hidden');
  });

  it('works as a controlled input', async () => {
    function Controlled() {
      const [v, setV] = useState('');
      return (
        <>
          <TextField label="Name" value={v} onChange={(e) => setV(e.target.value.toUpperCase())} />
          <output>{v}</output>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.type(screen.getByLabelText('Name'), 'ab');
    expect(screen.getByLabelText('Name')).toHaveValue('AB');
  });
});

describe('TextAreaField', () => {
  it('is labelled and shows its error', () => {
    render(<TextAreaField label="Message" error="This field is required" />);
    const area = screen.getByRole('textbox', { name: 'Message' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('This field is required');
  });
});
