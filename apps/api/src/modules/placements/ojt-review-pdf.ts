import { OJT_RATING_LABELS, OJT_REVIEW_PARTY_LABELS, type OjtReview } from '@school/contracts';
import { buildTextDocument } from '../../common/pdf/text-document';
import { deadlineText } from '../../common/school-time';

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The frozen review's lines: who and where, each party's section, then each signature. */
export function reviewParagraphs(r: OjtReview, ctx: { cohort_title: string; site: string; verify_url: string }): string[] {
  const or = (text: string | undefined) => (text && text.length ? text : '-');
  return [
    `Trainee: ${r.trainee_name}`,
    `Host company: ${r.host_name}, ${ctx.site}`,
    `Supervisor: ${r.supervisor_name}`,
    `Class: ${ctx.cohort_title}`,
    `Review at OJT week ${r.week}, due ${dayText(r.due_on)}`,
    "# The trainee's self-assessment",
    `Progress: ${or(r.trainee.progress)}`,
    `Competencies practised: ${r.trainee.competencies.length ? r.trainee.competencies.join('; ') : '-'}`,
    `Goals: ${or(r.trainee.goals)}`,
    "# The supervisor's assessment",
    `Overall rating: ${r.supervisor.rating ? OJT_RATING_LABELS[r.supervisor.rating] : '-'}`,
    `Comments: ${or(r.supervisor.comments)}`,
    "# The coach's review",
    `Comments: ${or(r.coach.comments)}`,
    `Actions: ${or(r.coach.actions)}`,
    '# Signatures',
    ...r.signatures.map((s) => `${OJT_REVIEW_PARTY_LABELS[s.party]}: signed by ${s.by}, ${deadlineText(s.at)}`),
    '# Verification',
    `The school recorded this file's SHA-256 when the last party signed. Check it at ${ctx.verify_url}`,
  ];
}

export function buildReviewPdf(r: OjtReview, ctx: { cohort_title: string; site: string; verify_url: string }): Promise<Buffer> {
  return buildTextDocument({
    title: `OJT review: week ${r.week}`,
    subtitle: `${r.trainee_name} at ${r.host_name}`,
    paragraphs: reviewParagraphs(r, ctx),
  });
}
