import { SCHOOL_NAME } from '@school/contracts';
import { Text } from '@react-email/components';
import { CallToAction, Layout, paragraph, Title } from './layout';

/** Every string of the allowance messages, in one place. */
export const allowanceStatementStrings = {
  subject: (month: string) => `Your allowance statement for ${month}`,
  preview: (month: string, outcome: string) => `${month}: ${outcome}.`,
  greeting: (firstName: string) => `Dear ${firstName},`,
  intro: (month: string, cohort: string) => `Your allowance for ${month} (${cohort}) has been decided.`,
  outcome: (outcome: string, amount: string) => `Decision: ${outcome}, ${amount}.`,
  corrected: 'This statement replaces the earlier one for the month.',
  explain:
    'Your signed statement is attached as a PDF: it shows each rule and its result. If you think it is wrong, you can dispute it from your allowance page.',
  action: 'Open your allowance page',
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you are a trainee of a funded programme of ${SCHOOL_NAME}.`,
};

export interface AllowanceStatementProps {
  firstName: string;
  month: string;
  cohortTitle: string;
  outcome: string;
  amount: string;
  corrected: boolean;
  statementUrl: string;
}

/** Sent when a trainee's month is decided (or corrected), with the signed statement attached (see AllowanceService). */
export function AllowanceStatement(p: AllowanceStatementProps) {
  const s = allowanceStatementStrings;
  return (
    <Layout preview={s.preview(p.month, p.outcome)} footer={s.footer}>
      <Title>{s.subject(p.month)}</Title>
      <Text style={paragraph}>{s.greeting(p.firstName)}</Text>
      <Text style={paragraph}>{s.intro(p.month, p.cohortTitle)}</Text>
      <Text style={paragraph}>{s.outcome(p.outcome, p.amount)}</Text>
      {p.corrected ? <Text style={paragraph}>{s.corrected}</Text> : null}
      <Text style={paragraph}>{s.explain}</Text>
      <CallToAction href={p.statementUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}

export const allowanceRiskStrings = {
  subject: (count: number, cohort: string) =>
    `${count} ${count === 1 ? 'trainee' : 'trainees'} of ${cohort} may lose this month's allowance`,
  preview: (month: string) => `The allowance forecast for ${month}.`,
  greeting: (firstName: string) => `Dear ${firstName},`,
  intro: (month: string, cohort: string) =>
    `As of today, these trainees of ${cohort} you follow would not receive their full allowance for ${month}:`,
  action: "Open the cohort's allowance",
  linkIntro: 'Or open this link in your browser:',
  footer: `You receive this email because you coach trainees of ${SCHOOL_NAME}.`,
};

export interface AllowanceRiskProps {
  firstName: string;
  month: string;
  cohortTitle: string;
  trainees: { name: string; outcome: string; advice: string[] }[];
  allowanceUrl: string;
}

/** The at-risk list of the month so far, mailed to coaches on the 20th. */
export function AllowanceRisk(p: AllowanceRiskProps) {
  const s = allowanceRiskStrings;
  return (
    <Layout preview={s.preview(p.month)} footer={s.footer}>
      <Title>{s.subject(p.trainees.length, p.cohortTitle)}</Title>
      <Text style={paragraph}>{s.greeting(p.firstName)}</Text>
      <Text style={paragraph}>{s.intro(p.month, p.cohortTitle)}</Text>
      {p.trainees.map((t) => (
        <Text key={t.name} style={paragraph}>
          {`${t.name}: ${t.outcome}${t.advice.length ? ` (${t.advice.join('; ')})` : ''}`}
        </Text>
      ))}
      <CallToAction href={p.allowanceUrl} label={s.action} linkIntro={s.linkIntro} />
    </Layout>
  );
}
