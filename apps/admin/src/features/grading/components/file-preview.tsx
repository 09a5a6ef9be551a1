import { ADMIN_MESSAGES, isApiError, PREVIEW_MAX_BYTES, type ZipEntry } from '@school/contracts';
import { Button, formatFileSize, useSession } from '@school/ui';
import { useEffect, useState } from 'react';

type Preview =
  | { state: 'loading'; path: string }
  | { state: 'text'; path: string; text: string }
  | { state: 'pdf'; path: string; url: string }
  | { state: 'error'; path: string; message: string };

/**
 * The files of a submission's archive, each text or PDF file openable beside the list: text is
 * shown as text (never as markup), a PDF in the browser's viewer from a local copy of its bytes
 * (the API answers only with the grader's token, so the viewer cannot fetch it itself).
 */
export function SubmissionFiles({ submissionId, files, archiveName }: { submissionId: string; files: ZipEntry[]; archiveName: string }) {
  const { client } = useSession();
  const [preview, setPreview] = useState<Preview | null>(null);

  // A PDF's local copy is released when another file is shown or the panel closes.
  useEffect(() => {
    if (preview?.state !== 'pdf') return;
    return () => URL.revokeObjectURL(preview.url);
  }, [preview]);

  const open = async (path: string) => {
    setPreview({ state: 'loading', path });
    try {
      const blob = await client.call('submissionPreview', { params: { submissionId }, query: { path } });
      const next: Preview = blob.type.startsWith('application/pdf')
        ? { state: 'pdf', path, url: URL.createObjectURL(new Blob([blob], { type: 'application/pdf' })) }
        : { state: 'text', path, text: await blob.text() };
      setPreview((current) => (current?.path === path ? next : current));
    } catch (e) {
      const message = isApiError(e) ? e.message : ADMIN_MESSAGES.genericFailure;
      setPreview((current) => (current?.path === path ? { state: 'error', path, message } : current));
    }
  };

  return (
    <>
      <ul className="admin-grading__files" aria-label={`Files in ${archiveName}`}>
        {files.map((f) => (
          <li key={f.path}>
            <code>{f.path}</code> <span className="ui-muted ui-muted--small">{formatFileSize(f.size)}</span>{' '}
            {f.size <= PREVIEW_MAX_BYTES ? (
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={`Preview ${f.path}`}
                aria-pressed={preview?.path === f.path}
                onClick={() => open(f.path)}
              >
                Preview
              </Button>
            ) : (
              <span className="ui-muted ui-muted--small">too large to preview</span>
            )}
          </li>
        ))}
      </ul>
      {preview && (
        <section
          className="admin-grading__preview ui-stack"
          aria-label={`Preview of ${preview.path}`}
          aria-busy={preview.state === 'loading'}
        >
          <div className="admin-row">
            <h4 className="admin-subtitle">{preview.path}</h4>
            <Button type="button" size="sm" variant="secondary" onClick={() => setPreview(null)}>
              Close preview
            </Button>
          </div>
          {preview.state === 'loading' && <p className="ui-muted">Loading the file...</p>}
          {preview.state === 'error' && (
            <p className="admin-danger-text" role="alert">
              {preview.message}
            </p>
          )}
          {preview.state === 'text' && (
            // A scrollable region: keyboard users reach its scroll by focusing it.
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <pre className="admin-grading__preview-text" tabIndex={0}>
              {preview.text}
            </pre>
          )}
          {preview.state === 'pdf' && (
            // The browser's own PDF viewer (a sandboxed iframe would block it); the bytes are a local copy, typed as PDF.
            <object className="admin-grading__preview-pdf" type="application/pdf" data={preview.url} title={`PDF ${preview.path}`}>
              <p>
                This browser cannot show PDFs here.{' '}
                <a className="ui-link" href={preview.url} download={preview.path.split('/').pop()}>
                  Download {preview.path}
                </a>
              </p>
            </object>
          )}
        </section>
      )}
    </>
  );
}
