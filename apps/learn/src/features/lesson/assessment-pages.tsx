import { Button, formatDate, TextField } from '@school/ui';
import { useState } from 'react';
import { usePageTitle } from '../../lib/use-page-title';

/** The hard-coded sample project of the placeholder page (learning-and-admin.md section 9). */
export const SAMPLE_PROJECT = {
  title: 'Sample project: design a 4-bit counter',
  weight_percentage: 80,
  deadline: '2025-09-01',
  instructions: 'Write the RTL and a self-checking testbench, then upload both as one .zip file.',
};

export const SAMPLE_PROJECT_NOTE = 'This is a sample brief: its weight and deadline are examples, not those of your class.';
export const SUBMISSIONS_NOT_OPEN_MESSAGE =
  'Project submissions are not open yet, so nothing has been handed in. Your instructor will tell you when and how to submit this project.';

/**
 * .../project/{sessionId}: a placeholder upload page with the spec's sample project. It takes a
 * .zip, but until project submissions exist, Upload says they are not open rather than
 * pretending a hand-in happened.
 */
export function ProjectPage() {
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  usePageTitle('Project submission');
  return (
    <div className="learn-page learn-narrow">
      <p className="learn-eyebrow">Project submission</p>
      <h1>{SAMPLE_PROJECT.title}</h1>
      <dl className="learn-grade__facts">
        <div>
          <dt>Weight</dt>
          <dd>{SAMPLE_PROJECT.weight_percentage}%</dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>{formatDate(SAMPLE_PROJECT.deadline)}</dd>
        </div>
      </dl>
      <p className="learn-muted">{SAMPLE_PROJECT_NOTE}</p>
      <p>{SAMPLE_PROJECT.instructions}</p>
      <form
        className="learn-stack"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
        }}
      >
        <TextField
          label="Project file (.zip)"
          type="file"
          accept=".zip,application/zip"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        {file && <p className="learn-muted">Selected: {file.name}</p>}
        <div>
          <Button type="submit">Upload</Button>
        </div>
        <p role="status" className={tried ? 'learn-notice' : undefined}>
          {tried ? SUBMISSIONS_NOT_OPEN_MESSAGE : ''}
        </p>
      </form>
    </div>
  );
}
