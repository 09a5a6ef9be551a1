import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { PROJECT_FILE_TYPES, type ProjectFileType, type ZipEntry } from '@school/contracts';
import { type ZipLimits, inspectZip, ZipRejected } from './zip-inspection';

/**
 * What a hand-in is, by its name and then by its content: a name's extension must be one the
 * project accepts, and the bytes must be that kind of file, so a PDF renamed `.zip` or a program
 * renamed `.pdf` is refused. Zips (and the office formats, which are zips) go through the full
 * archive inspection (bombs, traversal, symlinks); text formats must be UTF-8 without NUL bytes.
 */

type Kind = 'zip' | 'pdf' | 'office' | 'text';

const KIND: Record<ProjectFileType, Kind> = {
  '.zip': 'zip',
  '.pdf': 'pdf',
  '.docx': 'office',
  '.xlsx': 'office',
  '.pptx': 'office',
  '.odt': 'office',
  '.txt': 'text',
  '.md': 'text',
  '.csv': 'text',
  '.v': 'text',
  '.sv': 'text',
  '.vhd': 'text',
  '.c': 'text',
  '.h': 'text',
  '.cpp': 'text',
  '.py': 'text',
  '.tcl': 'text',
};

/** The part an office file's archive must hold (OOXML) or its `mimetype` entry (OpenDocument). */
const OFFICE_PART: Partial<Record<ProjectFileType, string>> = {
  '.docx': 'word/document.xml',
  '.xlsx': 'xl/workbook.xml',
  '.pptx': 'ppt/presentation.xml',
  '.odt': 'mimetype',
};

export const CONTENT_TYPES: Record<ProjectFileType, string> = {
  '.zip': 'application/zip',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.odt': 'application/vnd.oasis.opendocument.text',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.csv': 'text/plain; charset=utf-8',
  '.v': 'text/plain; charset=utf-8',
  '.sv': 'text/plain; charset=utf-8',
  '.vhd': 'text/plain; charset=utf-8',
  '.c': 'text/plain; charset=utf-8',
  '.h': 'text/plain; charset=utf-8',
  '.cpp': 'text/plain; charset=utf-8',
  '.py': 'text/plain; charset=utf-8',
  '.tcl': 'text/plain; charset=utf-8',
};

const TEXT_SNIFF_BYTES = 1024 * 1024;

export const notAcceptedMessage = (accepted: readonly string[]) => `This project accepts only ${accepted.join(', ')} files.`;
export const contentMismatchMessage = (type: ProjectFileType) =>
  `This file is not a real ${type} file: its content does not match its name.`;

/** The accepted type a file name claims, or null. */
export function claimedType(name: string, accepted: readonly string[]): ProjectFileType | null {
  // A name without an extension is read as a zip, as hand-ins were before other types existed.
  const ext = extname(name).toLowerCase() || '.zip';
  return (PROJECT_FILE_TYPES as readonly string[]).includes(ext) && accepted.includes(ext) ? (ext as ProjectFileType) : null;
}

/** Whether bytes are UTF-8 text: no NUL, valid sequences (a sequence cut at the sniffed end is allowed). */
export function looksLikeText(data: Buffer, cut: boolean): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(cut ? trimPartialSequence(data) : data);
    return true;
  } catch {
    return false;
  }
}

function trimPartialSequence(data: Buffer): Buffer {
  // Back off at most 3 continuation bytes and the lead byte they follow.
  let end = data.length;
  for (let i = 1; i <= 4 && end - i >= 0; i++) {
    const b = data[end - i];
    if ((b & 0xc0) === 0x80) continue;
    if (b >= 0xc0) end -= i;
    break;
  }
  return data.subarray(0, end);
}

/**
 * Checks the received file against its name and the project's accepted types; answers its type
 * and what it holds (a zip's files, or the file itself). Throws ZipRejected with the student's message.
 */
export async function checkProjectFile(
  path: string,
  name: string,
  size: number,
  accepted: readonly string[],
  zipLimits: ZipLimits,
): Promise<{ type: ProjectFileType; entries: ZipEntry[] }> {
  const type = claimedType(name, accepted);
  if (!type) throw new ZipRejected(notAcceptedMessage(accepted));
  const kind = KIND[type];
  if (kind === 'zip') return { type, entries: await inspectZip(path, zipLimits) };
  if (kind === 'office') {
    let entries: ZipEntry[];
    try {
      entries = await inspectZip(path, zipLimits);
    } catch (e) {
      if (e instanceof ZipRejected && e.message === 'This file is not a zip archive.') throw new ZipRejected(contentMismatchMessage(type));
      throw e;
    }
    if (!entries.some((f) => f.path === OFFICE_PART[type])) throw new ZipRejected(contentMismatchMessage(type));
    return { type, entries: [{ path: name, size }] };
  }
  const head = await readHead(path, kind === 'pdf' ? 5 : TEXT_SNIFF_BYTES);
  const ok = kind === 'pdf' ? head.toString('latin1') === '%PDF-' : looksLikeText(head, size > head.length);
  if (!ok) throw new ZipRejected(contentMismatchMessage(type));
  return { type, entries: [{ path: name, size }] };
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}
