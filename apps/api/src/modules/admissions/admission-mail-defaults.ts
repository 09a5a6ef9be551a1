import { type AdmissionMailKind } from '@school/contracts';
import {
  admissionOfferExtendedStrings,
  admissionOfferStrings,
  admissionRejectedStrings,
  admissionShortlistedStrings,
  admissionWaitlistedStrings,
} from '../../platform/mail/templates/admission-decision';
import { admissionReceivedStrings } from '../../platform/mail/templates/admission-received';
import {
  admissionDeclinedStrings,
  admissionNotEligibleStrings,
  admissionOfferExpiredStrings,
  admissionStatusLinkStrings,
  admissionWithdrawnStrings,
} from '../../platform/mail/templates/admission-updates';

/** Each placeholder written as the admin types it. */
const P = {
  name: '{{name}}',
  programme: '{{programme}}',
  course: '{{course}}',
  cohort: '{{cohort}}',
  start: '{{start_date}}',
  end: '{{end_date}}',
  acceptBy: '{{accept_by}}',
  unmet: '{{unmet_rules}}',
  interview: '{{interview_booking}}',
};

const paragraphs = (...ps: string[]) => ps.join('\n\n');

type Frame = { action: string; linkIntro: string; footer: string };
const decision = (s: typeof admissionRejectedStrings) => ({
  subject: s.subject(P.programme),
  body: paragraphs(s.greeting(P.name), s.body(P.programme)),
  frame: s as Frame,
});
const offer = (s: typeof admissionOfferStrings) => ({
  subject: s.subject(P.programme),
  body: paragraphs(
    s.greeting(P.name),
    s.intro(P.programme),
    `${s.cohort}: ${P.cohort}\n${s.dates}: ${s.datesValue(P.start, P.end)}`,
    s.acceptBy(P.acceptBy),
    s.account,
  ),
  frame: s as Frame,
});
const r = admissionReceivedStrings;
const ne = admissionNotEligibleStrings;
const link = admissionStatusLinkStrings;

/**
 * The message of each kind as the product sends it, written as a template (the words of the mail
 * templates themselves, with their values as placeholders): what an admin starts editing from,
 * and the frame (action, link line, footer) every edited message keeps.
 */
export const DEFAULT_TEMPLATES: Record<AdmissionMailKind, { subject: string; body: string; frame: Frame }> = {
  received: {
    subject: r.subject(P.programme),
    body: paragraphs(r.greeting, r.intro(P.programme, P.course), r.next, r.keep),
    frame: r,
  },
  shortlisted: {
    ...decision(admissionShortlistedStrings),
    body: paragraphs(admissionShortlistedStrings.greeting(P.name), admissionShortlistedStrings.body(P.programme), P.interview),
  },
  offer: offer(admissionOfferStrings),
  'offer-extended': offer(admissionOfferExtendedStrings),
  waitlisted: decision(admissionWaitlistedStrings),
  rejected: decision(admissionRejectedStrings),
  'not-eligible': {
    subject: ne.subject(P.programme),
    body: paragraphs(ne.greeting(P.name), ne.body(P.programme), `${ne.rules} ${P.unmet}`, ne.contact),
    frame: ne,
  },
  declined: decision(admissionDeclinedStrings),
  withdrawn: decision(admissionWithdrawnStrings),
  'offer-expired': decision(admissionOfferExpiredStrings),
  'status-link': {
    subject: link.subject(P.programme),
    body: paragraphs(link.greeting(P.name), link.body(P.programme), link.notYou),
    frame: link,
  },
};

/** Mail to staff (reviewers, interview panels): not applicant mail, so no per-intake template kind. */
const STAFF_TEMPLATES = new Set(['admission-review-assigned', 'admission-interview-panel']);

/** The kind of message a mail template sends, and back. */
export const kindOfTemplate = (template: string): AdmissionMailKind | undefined =>
  template.startsWith('admission-') && !STAFF_TEMPLATES.has(template)
    ? (template.slice('admission-'.length) as AdmissionMailKind)
    : undefined;
