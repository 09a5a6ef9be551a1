import { ApiError, LOGBOOK_FILE_MAX_BYTES, LOGBOOK_FILE_TYPES, LOGBOOK_MAX_FILES, type LogbookWeekResponse } from '@school/contracts';
import { Button, formatFileSize, invalidateKeys, routeKey, routeQueryKey, TextField, useSession } from '@school/ui';
import { LogbookFileList } from '@school/ui/ojt-review';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';

type Week = LogbookWeekResponse['data'];

const errorText = (e: unknown) =>
  !e
    ? ''
    : e instanceof ApiError
      ? e.status >= 500
        ? 'The file could not be stored. Please try again.'
        : (e.errors?.file ?? e.message)
      : 'The upload failed. Please try again.';

/**
 * A week's evidence files: listed always; added (PDF, JPEG or PNG) and removed while the week can
 * change. Each change answers the whole week, which replaces the page's copy, so days typed and not
 * yet saved stay as they are.
 */
export function WeekFiles({ week: w, placementId }: { week: Week; placementId: string }) {
  const { client } = useSession();
  const queryClient = useQueryClient();
  const params = { placementId, week: w.week };
  const [file, setFile] = useState<File | null>(null);
  // A new input after each upload: the browser's chosen file is cleared with it.
  const [inputKey, setInputKey] = useState(0);
  const keep = (data: Week) => {
    queryClient.setQueryData(routeQueryKey('myLogbookWeek', { params }), { data });
    void invalidateKeys(queryClient, [routeKey('myEvidencePack')]);
  };
  const add = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f);
      return client.upload('addMyLogbookFile', form, { params }).then((r) => r.data);
    },
    onSuccess: (data) => {
      keep(data);
      setFile(null);
      setInputKey((k) => k + 1);
    },
  });
  const remove = useMutation({
    mutationFn: (fileId: string) => client.call('removeMyLogbookFile', { params: { ...params, fileId } }).then((r) => r.data),
    onSuccess: keep,
  });
  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    if (file) add.mutate(file);
  };
  const full = w.files.length >= LOGBOOK_MAX_FILES;
  const error = errorText(add.error ?? remove.error);
  return (
    <section className="learn-logbook__files" aria-labelledby="week-files">
      <h2 id="week-files" className="learn-logbook__heading">
        Files
      </h2>
      {w.files.length === 0 && (
        <p className="learn-logbook__sub">
          {w.editable ? 'Optional: a signed form, a work record, a photo where your site allows it.' : 'No files.'}
        </p>
      )}
      <LogbookFileList
        files={w.files}
        onRemove={w.editable ? (f) => remove.mutate(f.id_slug) : undefined}
        removing={remove.isPending ? remove.variables : null}
      />
      {w.editable && !full && (
        <form className="ui-stack" onSubmit={onAdd} noValidate aria-label="Add a file">
          <TextField
            key={inputKey}
            label="Add a file (PDF, JPEG or PNG)"
            type="file"
            accept={LOGBOOK_FILE_TYPES}
            hint={`At most ${formatFileSize(LOGBOOK_FILE_MAX_BYTES)} each, ${LOGBOOK_MAX_FILES} a week.`}
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              add.reset();
            }}
          />
          <div>
            <Button type="submit" variant="secondary" disabled={!file} loading={add.isPending}>
              Add file
            </Button>
          </div>
        </form>
      )}
      {w.editable && full && <p className="learn-logbook__sub">This week has {LOGBOOK_MAX_FILES} files, the most it can have.</p>}
      {error && <p role="alert">{error}</p>}
    </section>
  );
}
