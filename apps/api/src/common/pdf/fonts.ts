import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { openFont } from './fontkit';

/**
 * The fonts a document is written with: Noto Sans for Latin (and Greek, Cyrillic), then Noto Sans
 * Tamil, then Noto Sans SC for Chinese. The TTF files ship inside npm packages (SIL Open Font
 * License), so they are found in node_modules, from source as from the built bundle.
 */
export type PdfWeight = 'regular' | 'bold';

export interface FontFace {
  /** Package-relative path of the TTF file, resolved through node_modules. */
  file: string;
}

export interface FontFamily {
  name: string;
  faces: Record<PdfWeight, FontFace>;
}

/** In fallback order: a character is set in the first family that has a glyph for it. */
export const FONT_FAMILIES: readonly FontFamily[] = [
  {
    name: 'Noto Sans',
    faces: {
      regular: { file: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf' },
      bold: { file: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf' },
    },
  },
  {
    name: 'Noto Sans Tamil',
    faces: {
      regular: { file: '@expo-google-fonts/noto-sans-tamil/400Regular/NotoSansTamil_400Regular.ttf' },
      bold: { file: '@expo-google-fonts/noto-sans-tamil/700Bold/NotoSansTamil_700Bold.ttf' },
    },
  },
  {
    name: 'Noto Sans SC',
    faces: {
      regular: { file: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf' },
      bold: { file: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf' },
    },
  },
];

const requireFromHere = createRequire(import.meta.url);

export interface LoadedFace {
  bytes: Uint8Array;
  /** Parsed once, to answer which characters the face covers. */
  font: Font;
}

const loaded = new Map<string, Promise<LoadedFace>>();

/** A face's bytes and parsed font, read from disk on first use and kept for the process. */
export function loadFace(face: FontFace): Promise<LoadedFace> {
  let pending = loaded.get(face.file);
  if (!pending) {
    pending = readFile(requireFromHere.resolve(face.file)).then((buffer) => {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      return { bytes, font: openFont(bytes) };
    });
    pending.catch(() => loaded.delete(face.file));
    loaded.set(face.file, pending);
  }
  return pending;
}

/** A stretch of text set in one family. */
export interface FontRun {
  text: string;
  family: number;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Spaces, punctuation, digits and combining marks: kept in the family of the text around them. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Splits text into runs, each set in one family: a character goes to the first family that has a
 * glyph for it, and a neutral character (space, punctuation, joiner, mark) stays in the current
 * run's family when that family has it, so a word or a name in one script is shaped as one run.
 * A character no family has goes to the first family (it prints as that font's missing glyph).
 * Families are loaded only when a character needs them.
 */
export async function splitByFont(text: string, weight: PdfWeight, families: readonly FontFamily[] = FONT_FAMILIES): Promise<FontRun[]> {
  // Printable ASCII is all Noto Sans's: most lines of a document need no look-up per character.
  if (families === FONT_FAMILIES && PRINTABLE_ASCII.test(text)) return text ? [{ text, family: 0 }] : [];
  const runs: FontRun[] = [];
  const covers = async (family: number, codePoint: number) =>
    (await loadFace(families[family].faces[weight])).font.hasGlyphForCodePoint(codePoint);
  for (const ch of text) {
    const codePoint = ch.codePointAt(0)!;
    const current = runs.at(-1);
    let family = -1;
    if (current && NEUTRAL.test(ch) && (await covers(current.family, codePoint))) family = current.family;
    for (let i = 0; family < 0 && i < families.length; i++) if (await covers(i, codePoint)) family = i;
    if (family < 0) family = 0;
    if (current && current.family === family) current.text += ch;
    else runs.push({ text: ch, family });
  }
  return runs;
}
