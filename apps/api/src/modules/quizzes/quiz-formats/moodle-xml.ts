import type { QuizQuestion, QuizQuestionInput } from '@school/contracts';
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import { type ImportIssue, optionKey, plainText, type ReadQuestion, type ReadResult } from './imported-question';

/**
 * Moodle XML (`<quiz><question type="...">`), read and written with fast-xml-parser. A file that
 * is not well-formed XML is reported at the validator's line; a question that does not fit is
 * reported at the line of its <question> element (from the parser's start offsets).
 */

type Node = Record<string, unknown>;
const META = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  captureMetaData: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ['question', 'answer', 'text'].includes(name),
});

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The text of an element holding <text> (questiontext, answer, name), in its format. */
function textOf(node: unknown, fallbackFormat?: string): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node;
  const n = node as Node;
  const texts = asArray(n.text as unknown) as unknown[];
  const raw = texts.map((t) => (typeof t === 'string' ? t : typeof t === 'number' ? String(t) : '')).join('');
  return plainText(raw, (n['@_format'] as string | undefined) ?? fallbackFormat);
}

const fraction = (a: Node) => Number(a['@_fraction'] ?? 0);
const scalar = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

function toQuestion(q: Node): QuizQuestionInput | string | null {
  const type = String(q['@_type'] ?? '');
  if (type === 'category') return null;
  const prompt = textOf(q.questiontext);
  const grade = scalar(q.defaultgrade);
  const points = grade === '' ? 1 : Number(grade);
  const base = { prompt, points };
  const answers = asArray(q.answer as Node | Node[] | undefined);
  switch (type) {
    case 'truefalse': {
      const right = answers.find((a) => fraction(a) === 100);
      if (!right) return 'A true/false question needs an answer with fraction="100".';
      const value = textOf(right).toLowerCase();
      if (value !== 'true' && value !== 'false') return 'A true/false answer must read true or false.';
      return { ...base, kind: 'TRUE_FALSE', correct_boolean: value === 'true' };
    }
    case 'essay':
      return { ...base, kind: 'FREE_TEXT' };
    case 'shortanswer':
      return { ...base, kind: 'SHORT_TEXT', accepted_answers: answers.filter((a) => fraction(a) === 100).map((a) => textOf(a)) };
    case 'numerical': {
      const right = answers.find((a) => fraction(a) === 100);
      if (!right) return 'A numerical question needs an answer with fraction="100".';
      const value = Number(textOf(right));
      const tolerance = scalar(right.tolerance) === '' ? 0 : Number(scalar(right.tolerance));
      if (!Number.isFinite(value)) return 'A numerical answer must be a number.';
      if (!Number.isFinite(tolerance)) return 'A tolerance must be a number.';
      return { ...base, kind: 'NUMERIC', correct_number: value, tolerance };
    }
    case 'multichoice': {
      const single = scalar(q.single).toLowerCase() !== 'false' && scalar(q.single) !== '0';
      return {
        ...base,
        kind: single ? 'SINGLE_CHOICE' : 'MULTIPLE_CHOICE',
        options: answers.map((a, i) => ({
          key: optionKey(i),
          text: textOf(a),
          is_correct: single ? fraction(a) === 100 : fraction(a) > 0,
        })),
      };
    }
    default:
      return `Questions of type "${type}" are not supported.`;
  }
}

/** Reads a Moodle XML file: its questions, or every problem with its line. */
export function readMoodleXml(text: string): ReadResult {
  const xml = text.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { questions: [], issues: [{ line: valid.err.line, message: valid.err.msg }] };
  const lineAt = (offset: number) => xml.slice(0, offset).split('\n').length;
  const doc = parser.parse(xml) as Node;
  const quiz = doc.quiz as Node | undefined;
  if (!quiz || typeof quiz !== 'object') return { questions: [], issues: [{ line: 1, message: 'The file has no <quiz> element.' }] };
  const questions: ReadQuestion[] = [];
  const issues: ImportIssue[] = [];
  for (const q of asArray(quiz.question as Node | Node[] | undefined)) {
    const meta = (q as Record<string, { startIndex?: number } | undefined>)[META];
    const line = meta?.startIndex !== undefined ? lineAt(meta.startIndex) : 1;
    const question = toQuestion(q);
    if (typeof question === 'string') issues.push({ line, message: question });
    else if (question) questions.push({ line, question });
  }
  return { questions, issues };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
});

const text = (value: string) => ({ text: value });
const num = (n: number) => String(Number(n.toFixed(10)));

function xmlQuestion(q: QuizQuestion, index: number): Node {
  const head = {
    name: text(`Question ${index + 1}`),
    questiontext: { '@_format': 'plain_text', ...text(q.prompt) },
    defaultgrade: num(q.points),
  };
  switch (q.kind) {
    case 'TRUE_FALSE':
      return {
        '@_type': 'truefalse',
        ...head,
        answer: [
          { '@_fraction': q.correct_boolean ? '100' : '0', ...text('true') },
          { '@_fraction': q.correct_boolean ? '0' : '100', ...text('false') },
        ],
      };
    case 'FREE_TEXT':
      return { '@_type': 'essay', ...head };
    case 'SHORT_TEXT':
      return {
        '@_type': 'shortanswer',
        ...head,
        usecase: '0',
        answer: q.accepted_answers.map((a) => ({ '@_fraction': '100', ...text(a) })),
      };
    case 'NUMERIC':
      return {
        '@_type': 'numerical',
        ...head,
        answer: [{ '@_fraction': '100', ...text(num(q.correct_number ?? 0)), tolerance: num(q.tolerance ?? 0) }],
      };
    case 'SINGLE_CHOICE':
    case 'MULTIPLE_CHOICE': {
      const single = q.kind === 'SINGLE_CHOICE';
      const right = q.options.filter((o) => o.is_correct).length;
      const share = num(Math.round((100 / Math.max(1, right)) * 1e5) / 1e5);
      return {
        '@_type': 'multichoice',
        ...head,
        single: single ? 'true' : 'false',
        shuffleanswers: '0',
        answer: q.options.map((o) => ({ '@_fraction': o.is_correct ? (single ? '100' : share) : single ? '0' : '-100', ...text(o.text) })),
      };
    }
  }
}

/** Writes a bank as Moodle XML (plain-text question texts, points as defaultgrade). */
export function writeMoodleXml(questions: QuizQuestion[]): string {
  const body = builder.build({ quiz: { question: questions.map(xmlQuestion) } }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
