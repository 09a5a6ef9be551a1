import { readFileSync } from 'node:fs';
import type { QuizQuestion } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { readGift, writeGift } from './gift';
import { validateRead } from './imported-question';
import { readMoodleXml, writeMoodleXml } from './moodle-xml';

const sample = (name: string) => readFileSync(new URL(`./samples/${name}`, import.meta.url), 'utf8');

/** The questions as the bank would hold them after an import (ids and option keys as saved). */
function asBank(read: ReturnType<typeof readGift>): QuizQuestion[] {
  return read.questions.map(({ question: q }, i) => ({
    id_slug: `q${i}`,
    kind: q.kind,
    prompt: q.prompt,
    points: q.points,
    options: (q.options ?? []).map((o) => ({ key: o.key, text: o.text, is_correct: o.is_correct ?? false })),
    correct_boolean: q.correct_boolean ?? null,
    correct_number: q.correct_number ?? null,
    tolerance: q.tolerance ?? null,
    accepted_answers: q.accepted_answers ?? [],
  }));
}

const SAMPLE_KINDS = ['SINGLE_CHOICE', 'MULTIPLE_CHOICE', 'TRUE_FALSE', 'NUMERIC', 'SHORT_TEXT', 'FREE_TEXT'];

describe('GIFT', () => {
  it('reads every kind of the sample file, with points from the comment line and the line of each question', () => {
    const read = validateRead(readGift(sample('semiconductors.gift')));
    expect(read.issues).toEqual([]);
    expect(read.questions.map((q) => q.question.kind)).toEqual([...SAMPLE_KINDS, 'NUMERIC']);
    const [single, multiple, tf, numeric, short, free, range] = read.questions;
    expect(single).toMatchObject({ line: 5, question: { prompt: 'Which gate is universal?', points: 2 } });
    expect(single.question.options?.map((o) => [o.text, o.is_correct])).toEqual([
      ['AND', false],
      ['NAND', true],
      ['XOR', false],
    ]);
    expect(multiple.question.options?.filter((o) => o.is_correct).map((o) => o.text)).toEqual(['Flip-flop', 'Latch']);
    expect(multiple.question.points).toBe(1);
    expect(tf.question).toMatchObject({ correct_boolean: false });
    expect(numeric.question).toMatchObject({ correct_number: 1.12, tolerance: 0.05, points: 2 });
    expect(short.question.accepted_answers).toEqual(['Au', 'Gold']);
    expect(free.question).toMatchObject({ prompt: 'Explain why silicon is doped with boron.' });
    expect(range.question.correct_number).toBeCloseTo(1);
    expect(range.question.tolerance).toBeCloseTo(0.1);
  });

  it('reports every broken question at its line and keeps none', () => {
    const read = validateRead(readGift(sample('broken.gift')));
    expect(read.questions).toEqual([]);
    expect(read.issues.map((i) => i.line)).toEqual([4, 6, 12]);
    expect(read.issues[0].message).toMatch(/Expected/);
    expect(read.issues[1].message).toBe('Matching questions are not supported.');
    expect(read.issues[2].message).toBe('Mark exactly one option correct');
  });

  it('writes a bank that reads back the same, special characters and new lines included', () => {
    const bank = asBank(validateRead(readGift(sample('semiconductors.gift'))));
    bank[0].prompt = 'Which gate {A = B} is universal: #1 ~ \\ ?\nSecond line';
    bank[4].accepted_answers = ['Au', 'a=b'];
    const again = asBank(validateRead(readGift(writeGift(bank))));
    expect(again).toEqual(bank);
  });
});

describe('Moodle XML', () => {
  it('reads every kind of the sample file, HTML text made plain, with the line of each <question>', () => {
    const read = validateRead(readMoodleXml(sample('semiconductors.xml')));
    expect(read.issues).toEqual([]);
    expect(read.questions.map((q) => q.question.kind)).toEqual(SAMPLE_KINDS);
    const [single, multiple, tf, numeric, short] = read.questions;
    expect(single).toMatchObject({ line: 6, question: { prompt: 'Which gate is universal?', points: 2 } });
    expect(single.question.options?.find((o) => o.is_correct)?.text).toBe('NAND');
    expect(multiple.question.options?.filter((o) => o.is_correct).map((o) => o.text)).toEqual(['Flip-flop', 'Latch']);
    expect(tf.question).toMatchObject({ correct_boolean: false, points: 1 });
    expect(numeric.question).toMatchObject({ correct_number: 1.12, tolerance: 0.05, points: 2 });
    expect(short.question.accepted_answers).toEqual(['Au', 'Gold']);
  });

  it('reports each question that does not fit at the line of its element, and a malformed file at the line of the fault', () => {
    const read = validateRead(readMoodleXml(sample('broken.xml')));
    expect(read.questions).toEqual([]);
    expect(read.issues).toEqual([
      { line: 7, message: 'A numerical question needs an answer with fraction="100".' },
      { line: 11, message: 'Questions of type "matching" are not supported.' },
    ]);
    const malformed = readMoodleXml(sample('malformed.xml'));
    expect(malformed.issues).toHaveLength(1);
    expect(malformed.issues[0].line).toBe(4);
  });

  it('writes a bank that reads back the same', () => {
    const bank = asBank(validateRead(readMoodleXml(sample('semiconductors.xml'))));
    bank[0].prompt = 'Is <b> & "quoted" text kept?\nSecond line';
    const again = asBank(validateRead(readMoodleXml(writeMoodleXml(bank))));
    expect(again).toEqual(bank);
  });
});
