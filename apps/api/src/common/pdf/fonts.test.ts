import { describe, expect, it } from 'vitest';
import { FONT_FAMILIES, loadFace, type PdfWeight, splitByFont } from './fonts';

const family = (name: string) => FONT_FAMILIES.findIndex((f) => f.name === name);

/** Glyph ids the runs are drawn with (0 is the font's missing glyph, .notdef). */
async function glyphIds(text: string, weight: PdfWeight) {
  const ids: number[] = [];
  for (const run of await splitByFont(text, weight)) {
    const { font } = await loadFace(FONT_FAMILIES[run.family].faces[weight]);
    ids.push(...font.layout(run.text).glyphs.map((g) => g.id));
  }
  return ids;
}

describe('splitByFont', () => {
  it('sets each script in its own font, spaces and punctuation staying with the run they follow', async () => {
    expect(await splitByFont('Aisyah Rahman', 'bold')).toEqual([{ text: 'Aisyah Rahman', family: family('Noto Sans') }]);
    expect(await splitByFont('சுரேஷ் குமார்', 'bold')).toEqual([{ text: 'சுரேஷ் குமார்', family: family('Noto Sans Tamil') }]);
    expect(await splitByFont('Mei Ling 陈美玲 (Suresh சுரேஷ்)', 'regular')).toEqual([
      { text: 'Mei Ling ', family: family('Noto Sans') },
      { text: '陈美玲 (', family: family('Noto Sans SC') },
      { text: 'Suresh ', family: family('Noto Sans') },
      { text: 'சுரேஷ்)', family: family('Noto Sans Tamil') },
    ]);
  });

  it.each(['Aisyah Rahman', '陈美玲', 'சுரேஷ் குமார்', 'Zoë Ñúñez-Øberg', 'Mei Ling 陈美玲 சுரேஷ்'])(
    'has a glyph for every letter of %s',
    async (name) => {
      for (const weight of ['regular', 'bold'] as const) {
        const ids = await glyphIds(name, weight);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).not.toContain(0);
      }
    },
  );

  it('gives a character no font has to the first font', async () => {
    expect(await splitByFont('a\u{1F600}', 'regular')).toEqual([{ text: 'a\u{1F600}', family: 0 }]);
  });
});
