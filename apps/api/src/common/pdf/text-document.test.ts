import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text';
import { buildTextDocument } from './text-document';

describe('buildTextDocument', () => {
  it('prints the title, subtitle, headings and paragraphs wrapped within the margins', async () => {
    const long = 'Use always_comb for combinational logic and always_ff for flip-flops. '.repeat(6).trim();
    const pdf = await buildTextDocument({
      title: 'Logic in SystemVerilog',
      subtitle: 'Digital Design',
      paragraphs: ['# Overview', long, 'Notes by 陈美玲 and சுரேஷ் குமார்.'],
    });
    const { lines, title, producer, pages } = await readPdf(pdf);
    expect({ title, producer, pages }).toEqual({ title: 'Logic in SystemVerilog', producer: 'School platform', pages: 1 });
    expect(lines.slice(0, 3)).toEqual(['Logic in SystemVerilog', 'Digital Design', 'Overview']);
    const body = lines.slice(3, -1);
    expect(body.length).toBeGreaterThan(2);
    expect(body.join(' ')).toBe(long);
    expect(lines.at(-1)).toBe('Notes by 陈美玲 and சுேரஷ் குமார்.');
  });

  it('continues on a new page when the text is longer than one', async () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}.`);
    const { lines, pages } = await readPdf(await buildTextDocument({ title: 'Long', paragraphs }));
    expect(pages).toBe(2);
    expect(lines).toEqual(['Long', ...paragraphs]);
  });
});
