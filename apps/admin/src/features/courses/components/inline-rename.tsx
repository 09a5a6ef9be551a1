import { Button, TextField } from '@school/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import '../courses.css';

/** A title with a Rename button that turns it into a small form (Enter to apply, Escape to cancel). */
export function InlineRename({
  value,
  label,
  requiredMessage,
  onRename,
  render,
}: {
  value: string;
  label: string;
  requiredMessage: string;
  onRename: (value: string) => void;
  render: (value: string) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(value);
  const [error, setError] = useState<string>();

  if (!editing) {
    return (
      <div className="admin-rename">
        {render(value)}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setText(value);
            setError(undefined);
            setEditing(true);
          }}
          aria-label={`Rename ${value}`}
        >
          Rename
        </Button>
      </div>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const trimmed = text.trim();
    if (!trimmed) return setError(requiredMessage);
    onRename(trimmed);
    setEditing(false);
  };

  return (
    <form className="admin-rename admin-rename--editing" onSubmit={onSubmit} noValidate>
      <TextField
        label={label}
        hideLabel
        value={text}
        // The user asked to rename: the field they opened takes the focus.
        ref={(input) => input?.focus()}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            setEditing(false);
          }
        }}
        error={error}
      />
      <Button size="sm" type="submit">
        Done
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
