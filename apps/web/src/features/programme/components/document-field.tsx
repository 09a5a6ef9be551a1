import { APPLICATION_FILE_ACCEPT, APPLICATION_FILE_MAX_BYTES } from '@school/catalogue';
import { FILE_TOO_LARGE_MESSAGE } from '@school/contracts';
import { useId, useState } from 'react';
import '../programme.css';

export const PDF_ONLY_MESSAGE = 'Please choose a PDF file';

/** The message for a chosen file, or undefined when it can be uploaded. */
export function documentError(file: Pick<File, 'size' | 'type' | 'name'>): string | undefined {
  if (file.size > APPLICATION_FILE_MAX_BYTES) return FILE_TOO_LARGE_MESSAGE;
  const isPdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
  return isPdf ? undefined : PDF_ONLY_MESSAGE;
}

export interface DocumentFieldProps {
  label: string;
  name: string;
  onChange: (file: File | null) => void;
}

/** An optional PDF picker (at most 2.5 MB); a refused file is cleared and explained. */
export function DocumentField({ label, name, onChange }: DocumentFieldProps) {
  const id = useId();
  const [error, setError] = useState<string>();
  return (
    <div className="ui-field">
      <label htmlFor={id} className="ui-field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="file"
        accept={APPLICATION_FILE_ACCEPT}
        className="ui-input site-document-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0] ?? null;
          const problem = file ? documentError(file) : undefined;
          setError(problem);
          if (problem) e.currentTarget.value = '';
          onChange(problem ? null : file);
        }}
      />
      <p id={`${id}-hint`} className="ui-field__hint">
        PDF only, at most 2.5 MB. Optional.
      </p>
      {error && (
        <p id={`${id}-error`} className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
