/** The UTF-8 byte-order mark Excel needs to read Chinese and Tamil names as written. */
export const CSV_BOM = '\uFEFF';

/**
 * The file a CSV export saves: its text behind the byte-order mark. The API sends the mark, but
 * fetch's text decoding drops it, so it is put back here (once).
 */
export function csvBlob(csv: string): Blob {
  return new Blob([csv.startsWith(CSV_BOM) ? csv : CSV_BOM + csv], { type: 'text/csv;charset=utf-8' });
}

/** Saves CSV text fetched from the API (exports need the bearer token, so a plain link cannot do) as `fileName`. */
export function saveCsv(csv: string, fileName: string): void {
  const url = URL.createObjectURL(csvBlob(csv));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
