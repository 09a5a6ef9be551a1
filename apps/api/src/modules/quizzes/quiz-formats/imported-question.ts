import { type QuizQuestionInput, QuizQuestionInputSchema } from '@school/contracts';

/** A problem found in an import file, at the line where it starts (1-based). */
export interface ImportIssue {
  line: number;
  message: string;
}

/** A question read from a file, with the line its text starts on. */
export interface ReadQuestion {
  line: number;
  question: QuizQuestionInput;
}

/** What a converter read: the questions, or the problems that stop the whole file. */
export interface ReadResult {
  questions: ReadQuestion[];
  issues: ImportIssue[];
}

/** Option keys given to imported options, in order (a quiz question holds at most 20 options). */
export const optionKey = (index: number) => `opt${index + 1}`;

/**
 * Checks each read question with the same schema the editor's save uses, so an imported key that
 * would not save (two right answers of a single choice, no accepted answer) is reported at its line.
 */
export function validateRead(read: ReadResult): ReadResult {
  const issues = [...read.issues];
  for (const { line, question } of read.questions) {
    const parsed = QuizQuestionInputSchema.safeParse(question);
    if (!parsed.success) for (const issue of parsed.error.issues) issues.push({ line, message: issue.message });
  }
  issues.sort((a, b) => a.line - b.line);
  return { questions: issues.length ? [] : read.questions, issues };
}

/** Plain text from a question text that may be HTML (Moodle's default): paragraphs and breaks become new lines. */
export function plainText(text: string, format: string | undefined): string {
  if (format !== 'html') return text.trim();
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
