import {
  isApiError,
  QUIZ_FILE_FORMAT_LABELS,
  QUIZ_FILE_FORMATS,
  type QuizFileFormat,
  type QuizImport,
  quizFileName,
} from '@school/contracts';
import { Button, routeKey, SelectField, useRouteMutation, useSession } from '@school/ui';
import { useId, useState } from 'react';
import { useNotify } from '../../lib/notice';

/** A file's format from its name: .xml is Moodle XML, anything else GIFT. */
export const formatOfFile = (name: string): QuizFileFormat => (/\.xml$/i.test(name) ? 'moodle_xml' : 'gift');

/** The lines of a refused import, in file order: `errors` is keyed `line N`. */
export function importProblems(errors: Record<string, string> | undefined): { line: number; message: string }[] {
  return Object.entries(errors ?? {})
    .map(([key, message]) => ({ line: Number(/^line (\d+)$/.exec(key)?.[1] ?? 0), message }))
    .sort((a, b) => a.line - b.line);
}

/** Whose questions a transfer reads and writes: a quiz's own bank (by its lesson) or a shared bank of a course. */
export type TransferTarget = { lessonId: string } | { bankId: string };

/**
 * Import of a GIFT or Moodle XML file into the saved bank (all or nothing: a refused file lists
 * its problems with their lines), and export of the saved bank in either format; for a quiz's own
 * bank or a shared one, with the same calls' rules.
 */
export function QuizTransfer({ target, title }: { target: TransferTarget; title: string }) {
  const notify = useNotify();
  const { client } = useSession();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<QuizFileFormat>('gift');
  const [problems, setProblems] = useState<{ message: string; lines: { line: number; message: string }[] } | null>(null);
  const quizImport = useRouteMutation('quizImport', {
    invalidates: (v) => [routeKey('quizAuthoring', { params: v.params }), routeKey('quizLessons'), routeKey('adminCourseDetail')],
  });
  const bankImport = useRouteMutation('questionBankImport', {
    invalidates: (v) => [routeKey('questionBank', { params: v.params }), routeKey('questionBanks')],
  });
  const importing = 'bankId' in target ? bankImport : quizImport;
  const sendFile = (body: QuizImport, handlers: { onSuccess: (r: { imported: number }) => void; onError: (e: unknown) => void }) =>
    'bankId' in target
      ? bankImport.mutate({ params: { bankId: target.bankId }, body }, handlers)
      : quizImport.mutate({ params: { lessonId: target.lessonId }, body }, handlers);
  const exportText = (query: { format: QuizFileFormat }) =>
    'bankId' in target
      ? client.call('questionBankExport', { params: { bankId: target.bankId }, query })
      : client.call('quizExport', { params: { lessonId: target.lessonId }, query });

  const onImport = async () => {
    if (!file) return setProblems({ message: 'Choose a file to import.', lines: [] });
    const content = await file.text();
    setProblems(null);
    sendFile(
      { format, content },
      {
        onSuccess: (r) => notify.success(`Imported ${r.imported} ${r.imported === 1 ? 'question' : 'questions'} from ${file.name}.`),
        onError: (e) =>
          setProblems(
            isApiError(e) && e.status === 400
              ? { message: e.message, lines: importProblems(e.errors).filter((p) => p.line > 0) }
              : { message: 'The file could not be imported. Please try again.', lines: [] },
          ),
      },
    );
  };

  const onExport = async (exportFormat: QuizFileFormat) => {
    try {
      const text = await exportText({ format: exportFormat });
      const type = exportFormat === 'gift' ? 'text/plain;charset=utf-8' : 'application/xml;charset=utf-8';
      const url = URL.createObjectURL(new Blob([text], { type }));
      try {
        const a = document.createElement('a');
        a.href = url;
        a.download = quizFileName(title, exportFormat);
        document.body.append(a);
        a.click();
        a.remove();
      } finally {
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }
    } catch {
      notify.error('The export failed. Please try again.');
    }
  };

  const formats = QUIZ_FILE_FORMATS.map((f) => ({ value: f, label: QUIZ_FILE_FORMAT_LABELS[f] }));
  return (
    <section aria-labelledby="quiz-transfer-title" className="admin-quiz-transfer">
      <h2 id="quiz-transfer-title" className="admin-section-title">
        Import and export
      </h2>
      <p className="ui-muted ui-muted--small">
        Imported questions are added after the saved bank; unsaved changes above are replaced by the saved{' '}
        {'bankId' in target ? 'bank' : 'quiz'}.
      </p>
      <div className="admin-quiz-transfer__row">
        <div className="admin-quiz-transfer__file">
          <label htmlFor={fileId}>Question file</label>
          <input
            id={fileId}
            type="file"
            accept=".gift,.txt,.xml,text/plain,application/xml,text/xml"
            onChange={(e) => {
              const chosen = e.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              setProblems(null);
              if (chosen) setFormat(formatOfFile(chosen.name));
            }}
          />
        </div>
        <SelectField
          label="File format"
          options={formats}
          value={format}
          onChange={(e) => setFormat(e.currentTarget.value as QuizFileFormat)}
        />
        <Button variant="secondary" onClick={onImport} loading={importing.isPending}>
          {importing.isPending ? 'Importing...' : 'Import questions'}
        </Button>
      </div>
      {problems && (
        <div role="alert" className="admin-quiz-transfer__problems">
          <p className="admin-field-error">{problems.message}</p>
          {problems.lines.length > 0 && (
            <ul>
              {problems.lines.map((p) => (
                <li key={`${p.line}-${p.message}`}>
                  <strong>Line {p.line}:</strong> {p.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="admin-quiz-transfer__row">
        <Button variant="secondary" onClick={() => void onExport('gift')}>
          Export as GIFT
        </Button>
        <Button variant="secondary" onClick={() => void onExport('moodle_xml')}>
          Export as Moodle XML
        </Button>
      </div>
    </section>
  );
}
