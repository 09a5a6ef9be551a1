import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip, symlinkEntry } from '../../../test/fixtures/zip.fixtures';
import { checkProjectFile, claimedType, contentMismatchMessage, looksLikeText, notAcceptedMessage } from './project-file-types';
import { DEFAULT_ZIP_LIMITS, symlinkMessage, ZipRejected } from './zip-inspection';

const dir = mkdtempSync(join(tmpdir(), 'project-file-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const check = (data: Buffer | string, name: string, accepted: string[]) => {
  const path = join(dir, `${++n}.upload`);
  const bytes = Buffer.from(data);
  writeFileSync(path, bytes);
  return checkProjectFile(path, name, bytes.length, accepted, DEFAULT_ZIP_LIMITS);
};
const refused = async (p: Promise<unknown>, message: string) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ZipRejected);
  expect((e as Error).message).toBe(message);
};
const PDF = '%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
const docx = () =>
  makeZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'word/document.xml', data: '<w:document/>' },
  ]);

describe('claimedType', () => {
  it('reads the extension in any case, only among the accepted types; no extension reads as a zip', () => {
    expect(claimedType('Report.PDF', ['.pdf'])).toBe('.pdf');
    expect(claimedType('report.pdf', ['.zip'])).toBeNull();
    expect(claimedType('evil.exe', ['.zip', '.pdf'])).toBeNull();
    expect(claimedType('project', ['.zip'])).toBe('.zip');
  });
});

describe('looksLikeText', () => {
  it('takes UTF-8 without NUL bytes, refuses binary, allows a sequence cut at the sniffed end only', () => {
    expect(looksLikeText(Buffer.from('module top; // café\n'), false)).toBe(true);
    expect(looksLikeText(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x00]), false)).toBe(false);
    const cut = Buffer.from('é').subarray(0, 1);
    expect(looksLikeText(Buffer.concat([Buffer.from('abc'), cut]), true)).toBe(true);
    expect(looksLikeText(Buffer.concat([Buffer.from('abc'), cut]), false)).toBe(false);
  });
});

describe('checkProjectFile', () => {
  it('takes a real PDF, a real Verilog source, a real .docx and a zip, listing what each holds', async () => {
    expect(await check(PDF, 'report.pdf', ['.pdf'])).toEqual({ type: '.pdf', entries: [{ path: 'report.pdf', size: PDF.length }] });
    expect((await check('module top; endmodule\n', 'top.v', ['.v', '.sv'])).type).toBe('.v');
    expect((await check(docx(), 'essay.docx', ['.docx'])).entries).toEqual([{ path: 'essay.docx', size: docx().length }]);
    expect((await check(makeZip([{ name: 'rtl/top.v', data: 'module top; endmodule' }]), 'p.zip', ['.zip'])).entries).toEqual([
      { path: 'rtl/top.v', size: 21 },
    ]);
  });

  it('refuses a file whose name lies about its content', async () => {
    // A zip named .pdf, a PDF named .zip, a binary named .v, a plain zip named .docx, a PDF named .docx.
    await refused(check(makeZip([{ name: 'a.txt', data: 'x' }]), 'report.pdf', ['.pdf']), contentMismatchMessage('.pdf'));
    await refused(check(PDF, 'project.zip', ['.zip', '.pdf']), 'This file is not a zip archive.');
    await refused(check(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]), 'top.v', ['.v']), contentMismatchMessage('.v'));
    await refused(check(makeZip([{ name: 'notes.txt', data: 'x' }]), 'essay.docx', ['.docx']), contentMismatchMessage('.docx'));
    await refused(check(PDF, 'essay.docx', ['.docx']), contentMismatchMessage('.docx'));
  });

  it('refuses a type the project does not accept, and keeps every zip check for archives (a symbolic link)', async () => {
    await refused(check(PDF, 'report.pdf', ['.zip']), notAcceptedMessage(['.zip']));
    await refused(check(makeZip([symlinkEntry('link', '/etc/passwd')]), 'p.zip', ['.zip']), symlinkMessage('link'));
  });
});
