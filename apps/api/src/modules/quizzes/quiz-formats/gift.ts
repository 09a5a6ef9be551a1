import type { QuizQuestion, QuizQuestionInput } from '@school/contracts';
import gift from 'gift-pegjs';
import { type ImportIssue, optionKey, plainText, type ReadQuestion, type ReadResult } from './imported-question';

/**
 * Moodle's GIFT format, read with gift-pegjs. The file is read one question at a time (questions
 * are separated by blank lines), so a syntax error names its line in the file and every broken
 * question is reported, not only the first. GIFT has no points: a `// points: N` comment line
 * before a question (ignored by other tools) carries them, and export writes it.
 */

const POINTS_COMMENT = /^\s*\/\/\s*points:\s*([0-9]+(?:\.[0-9]+)?)\s*$/i;

interface Block {
  /** Line (1-based) of the block's first line in the file. */
  start: number;
  lines: string[];
}

function blocks(text: string): Block[] {
  const out: Block[] = [];
  let current: Block | null = null;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .forEach((line, i) => {
      if (line.trim() === '') current = null;
      else if (current) current.lines.push(line);
      else out.push((current = { start: i + 1, lines: [line] }));
    });
  return out;
}

function choiceText(c: { text: { text: string; format: string } }) {
  return plainText(c.text.text, c.text.format);
}

/** One parsed GIFT question as a quiz question, or why it cannot be one. */
function toQuestion(q: gift.GIFTQuestion, points: number): QuizQuestionInput | string | null {
  if (q.type === 'Category') return null;
  if (q.type === 'Description') return 'Text without an answer is not a question (add an answer in braces).';
  if (q.type === 'Matching') return 'Matching questions are not supported.';
  const prompt = plainText(q.stem.text, q.stem.format);
  const base = { prompt, points };
  switch (q.type) {
    case 'TF':
      return { ...base, kind: 'TRUE_FALSE', correct_boolean: q.isTrue };
    case 'Essay':
      return { ...base, kind: 'FREE_TEXT' };
    case 'Short':
      return { ...base, kind: 'SHORT_TEXT', accepted_answers: q.choices.filter((c) => c.isCorrect || (c.weight ?? 0) > 0).map(choiceText) };
    case 'Numerical': {
      const choices = Array.isArray(q.choices) ? q.choices : [{ isCorrect: true, weight: null, text: q.choices }];
      const right = choices.find((c) => c.isCorrect && (c.weight === null || c.weight === 100)) ?? choices.find((c) => c.weight === 100);
      if (!right) return 'A numeric question needs one fully correct answer (=value or =value:tolerance).';
      const value = right.text;
      if (value.type === 'high-low') {
        const high = value.numberHigh ?? 0;
        const low = value.numberLow ?? 0;
        const round = (n: number) => Number(n.toFixed(10));
        return { ...base, kind: 'NUMERIC', correct_number: round((high + low) / 2), tolerance: round(Math.abs(high - low) / 2) };
      }
      return { ...base, kind: 'NUMERIC', correct_number: value.number ?? null, tolerance: value.range ?? 0 };
    }
    case 'MC': {
      const weighted = q.choices.some((c) => c.weight !== null);
      const correct = (c: (typeof q.choices)[number]) => (weighted ? (c.weight ?? 0) > 0 : c.isCorrect);
      const multiple =
        q.choices.filter(correct).length > 1 || (weighted && q.choices.some((c) => (c.weight ?? 0) > 0 && (c.weight ?? 0) < 100));
      return {
        ...base,
        kind: multiple ? 'MULTIPLE_CHOICE' : 'SINGLE_CHOICE',
        options: q.choices.map((c, i) => ({ key: optionKey(i), text: choiceText(c), is_correct: correct(c) })),
      };
    }
    default:
      return 'This kind of question is not supported.';
  }
}

/** Reads a GIFT file: its questions, or every problem with its line. */
export function readGift(text: string): ReadResult {
  const questions: ReadQuestion[] = [];
  const issues: ImportIssue[] = [];
  for (const block of blocks(text)) {
    let points = 1;
    let firstLine = block.start;
    for (const [i, line] of block.lines.entries()) {
      const m = POINTS_COMMENT.exec(line);
      if (m) points = Number(m[1]);
      if (!/^\s*\/\//.test(line)) {
        firstLine = block.start + i;
        break;
      }
    }
    let parsed: gift.GIFTQuestion[];
    try {
      parsed = gift.parse(block.lines.join('\n') + '\n');
    } catch (e) {
      const err = e as gift.SyntaxError;
      // An unclosed question runs into the end of its block: the fault is on the block's last line.
      const last = block.start + block.lines.length - 1;
      const line = err.location ? Math.min(block.start + err.location.start.line - 1, last) : firstLine;
      issues.push({ line, message: err.message });
      continue;
    }
    for (const q of parsed) {
      const question = toQuestion(q, points);
      if (typeof question === 'string') issues.push({ line: firstLine, message: question });
      else if (question) questions.push({ line: firstLine, question });
    }
  }
  return { questions, issues };
}

/** GIFT's special characters are escaped with a backslash; a new line is written `\n` so a question stays one block. */
export function escapeGift(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/[~=#{}:]/g, (c) => `\\${c}`)
    .replace(/\r?\n/g, '\\n');
}

const num = (n: number) => String(Number(n.toFixed(10)));

function giftAnswer(q: QuizQuestion): string {
  switch (q.kind) {
    case 'TRUE_FALSE':
      return q.correct_boolean ? '{TRUE}' : '{FALSE}';
    case 'FREE_TEXT':
      return '{}';
    case 'NUMERIC':
      return `{#${num(q.correct_number ?? 0)}${q.tolerance ? `:${num(q.tolerance)}` : ''}}`;
    case 'SHORT_TEXT':
      return `{${q.accepted_answers.map((a) => `=${escapeGift(a)}`).join(' ')}}`;
    case 'SINGLE_CHOICE':
      return `{${q.options.map((o) => `${o.is_correct ? '=' : '~'}${escapeGift(o.text)}`).join(' ')}}`;
    case 'MULTIPLE_CHOICE': {
      const right = q.options.filter((o) => o.is_correct).length;
      const share = num(Math.round((100 / right) * 1e5) / 1e5);
      return `{${q.options.map((o) => `~%${o.is_correct ? share : '-100'}%${escapeGift(o.text)}`).join(' ')}}`;
    }
  }
}

/** Writes a bank as GIFT, with each question's points in a comment line readGift understands. */
export function writeGift(questions: QuizQuestion[]): string {
  return questions.map((q) => `// points: ${num(q.points)}\n${escapeGift(q.prompt)} ${giftAnswer(q)}\n`).join('\n');
}
