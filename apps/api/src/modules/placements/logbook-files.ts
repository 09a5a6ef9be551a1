import type { LogbookFile } from '@school/contracts';
import type { StorageService } from '../../platform/storage/storage.service';
import type { WeekFileRow } from './logbook.queries';

/** What stored_files calls a logbook week's evidence file. */
export const LOGBOOK_FILE_PURPOSE = 'logbook-file';

/** A week's files with a short-lived link each: the trainee, and the supervisor who has no account, open them the same way. */
export const shownFiles = (storage: StorageService, files: WeekFileRow[]): LogbookFile[] =>
  files.map((f) => ({ ...f, size_bytes: Number(f.size_bytes), url: storage.signedUrl(f.id_slug) }));
