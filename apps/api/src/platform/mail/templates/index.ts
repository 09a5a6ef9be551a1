import { render, toPlainText } from '@react-email/render';
import { createElement, type ReactElement } from 'react';
import {
  Announcement,
  AnnouncementDigest,
  type AnnouncementDigestProps,
  type AnnouncementProps,
  announcementStrings,
} from './announcement';
import { CohortInvitation, cohortInvitationStrings } from './cohort-invitation';
import { EnrolledInCohort, type EnrolledInCohortProps, enrolledInCohortStrings } from './enrolled-in-cohort';
import { ApplicationDigest, type ApplicationDigestProps, applicationDigestStrings } from './application-digest';
import {
  AllowanceRisk,
  type AllowanceRiskProps,
  allowanceRiskStrings,
  AllowanceStatement,
  type AllowanceStatementProps,
  allowanceStatementStrings,
} from './allowance';
import { CertificateIssued, type CertificateIssuedProps, certificateIssuedStrings } from './certificate-issued';
import { OjtReviewSupervisor, type OjtReviewSupervisorProps, ojtReviewSupervisorStrings } from './ojt-review';
import { DeadlineReminder, type DeadlineReminderProps, deadlineReminderStrings } from './deadline-reminder';
import { GradeReleased, type GradeReleasedProps, gradeReleasedStrings } from './grade-released';
import { EmailChangeConfirm, emailChangeConfirmStrings } from './email-change-confirm';
import { EmailChangeNotice, emailChangeNoticeStrings } from './email-change-notice';
import { EmailChangeUndone, emailChangeUndoneStrings } from './email-change-undone';
import { PasswordReset, passwordResetStrings } from './password-reset';
import { EmailVerification, emailVerificationStrings } from './email-verification';
import { FailedSignIns, failedSignInsStrings } from './failed-sign-ins';
import { QuizRegraded, type QuizRegradedProps, quizRegradedStrings } from './quiz-regraded';
import { TimelineChanged, type TimelineChangedProps, timelineChangedStrings } from './timeline-changed';
import { LogbookDecision, type LogbookDecisionProps, logbookDecisionStrings } from './logbook-decision';
import { SupervisorWeek, type SupervisorWeekProps, supervisorWeekStrings } from './supervisor-week';
import { AdmissionReceived, type AdmissionReceivedProps, admissionReceivedStrings } from './admission-received';
import {
  type AdmissionDecisionProps,
  AdmissionOffer,
  AdmissionOfferExtended,
  admissionOfferExtendedStrings,
  type AdmissionOfferProps,
  admissionOfferStrings,
  AdmissionRejected,
  admissionRejectedStrings,
  AdmissionShortlisted,
  admissionShortlistedStrings,
  AdmissionWaitlisted,
  admissionWaitlistedStrings,
} from './admission-decision';
import {
  AdmissionDeclined,
  admissionDeclinedStrings,
  AdmissionNotEligible,
  type AdmissionNotEligibleProps,
  admissionNotEligibleStrings,
  AdmissionOfferExpired,
  admissionOfferExpiredStrings,
  AdmissionStatusLink,
  admissionStatusLinkStrings,
  AdmissionWithdrawn,
  admissionWithdrawnStrings,
  ReviewAssigned,
  type ReviewAssignedProps,
  reviewAssignedStrings,
  InterviewPanelMail,
  type InterviewPanelProps,
  interviewPanelStrings,
} from './admission-updates';
import {
  AdmissionErased,
  admissionErasedStrings,
  AdmissionErasureRefused,
  admissionErasureRefusedStrings,
  type AdmissionErasureProps,
} from './admission-erasure';
import {
  AdmissionInterviewBooked,
  admissionInterviewBookedStrings,
  AdmissionInterviewCancelled,
  admissionInterviewCancelledStrings,
  type AdmissionInterviewProps,
  AdmissionInterviewChanged,
  admissionInterviewChangedStrings,
  AdmissionInterviewReminder,
  admissionInterviewReminderStrings,
  AdmissionInterviewSlotCancelled,
  admissionInterviewSlotCancelledStrings,
} from './admission-interview';

/** Every template: its subject and its React message. A mail job names one with its props. */
export const templates = {
  'enrolled-in-cohort': {
    subject: (p: EnrolledInCohortProps) => enrolledInCohortStrings.subject(p.cohortTitle),
    component: EnrolledInCohort,
  },
  'cohort-invitation': {
    subject: (p: Parameters<typeof CohortInvitation>[0]) => cohortInvitationStrings.subject(p.cohortTitle),
    component: CohortInvitation,
  },
  'password-reset': {
    subject: () => passwordResetStrings.subject,
    component: PasswordReset,
  },
  'failed-sign-ins': {
    subject: () => failedSignInsStrings.subject,
    component: FailedSignIns,
  },
  'email-verification': {
    subject: () => emailVerificationStrings.subject,
    component: EmailVerification,
  },
  'email-change-confirm': {
    subject: () => emailChangeConfirmStrings.subject,
    component: EmailChangeConfirm,
  },
  'email-change-notice': {
    subject: () => emailChangeNoticeStrings.subject,
    component: EmailChangeNotice,
  },
  'email-change-undone': {
    subject: () => emailChangeUndoneStrings.subject,
    component: EmailChangeUndone,
  },
  'deadline-reminder': {
    subject: (p: DeadlineReminderProps) => deadlineReminderStrings.subject(p.itemTitle),
    component: DeadlineReminder,
  },
  'application-digest': {
    subject: (p: ApplicationDigestProps) => applicationDigestStrings.subject(p.applications.length + p.more, p.day),
    component: ApplicationDigest,
  },
  'allowance-statement': {
    subject: (p: AllowanceStatementProps) => allowanceStatementStrings.subject(p.month),
    component: AllowanceStatement,
  },
  'allowance-risk': {
    subject: (p: AllowanceRiskProps) => allowanceRiskStrings.subject(p.trainees.length, p.cohortTitle),
    component: AllowanceRisk,
  },
  'ojt-review-supervisor': {
    subject: (p: OjtReviewSupervisorProps) => ojtReviewSupervisorStrings.subject(p.traineeName, p.week),
    component: OjtReviewSupervisor,
  },
  'certificate-issued': {
    subject: (p: CertificateIssuedProps) => certificateIssuedStrings.subject(p.certificateTitle),
    component: CertificateIssued,
  },
  'grade-released': {
    subject: (p: GradeReleasedProps) => gradeReleasedStrings.subject(p.itemTitle),
    component: GradeReleased,
  },
  'quiz-regraded': {
    subject: (p: QuizRegradedProps) => quizRegradedStrings.subject(p.quizTitle),
    component: QuizRegraded,
  },
  announcement: {
    subject: (p: AnnouncementProps) => announcementStrings.subject(p.cohortTitle, p.title),
    component: Announcement,
  },
  'announcement-digest': {
    subject: (p: AnnouncementDigestProps) => announcementStrings.digestSubject(p.announcements.length, p.day),
    component: AnnouncementDigest,
  },
  'timeline-changed': {
    subject: (p: TimelineChangedProps) => timelineChangedStrings.subject(p.cohortTitle),
    component: TimelineChanged,
  },
  'supervisor-week': {
    subject: (p: SupervisorWeekProps) => supervisorWeekStrings.subject(p.traineeName, p.week, p.reminder),
    component: SupervisorWeek,
  },
  'logbook-decision': {
    subject: (p: LogbookDecisionProps) => logbookDecisionStrings.subject(p.week, p.approved),
    component: LogbookDecision,
  },
  'admission-received': {
    subject: (p: AdmissionReceivedProps) => admissionReceivedStrings.subject(p.programme),
    component: AdmissionReceived,
  },
  'admission-shortlisted': {
    subject: (p: AdmissionDecisionProps) => admissionShortlistedStrings.subject(p.programme),
    component: AdmissionShortlisted,
  },
  'admission-offer': {
    subject: (p: AdmissionOfferProps) => admissionOfferStrings.subject(p.programme),
    component: AdmissionOffer,
  },
  'admission-offer-extended': {
    subject: (p: AdmissionOfferProps) => admissionOfferExtendedStrings.subject(p.programme),
    component: AdmissionOfferExtended,
  },
  'admission-waitlisted': {
    subject: (p: AdmissionDecisionProps) => admissionWaitlistedStrings.subject(p.programme),
    component: AdmissionWaitlisted,
  },
  'admission-rejected': {
    subject: (p: AdmissionDecisionProps) => admissionRejectedStrings.subject(p.programme),
    component: AdmissionRejected,
  },
  'admission-not-eligible': {
    subject: (p: AdmissionNotEligibleProps) => admissionNotEligibleStrings.subject(p.programme),
    component: AdmissionNotEligible,
  },
  'admission-declined': {
    subject: (p: AdmissionDecisionProps) => admissionDeclinedStrings.subject(p.programme),
    component: AdmissionDeclined,
  },
  'admission-withdrawn': {
    subject: (p: AdmissionDecisionProps) => admissionWithdrawnStrings.subject(p.programme),
    component: AdmissionWithdrawn,
  },
  'admission-offer-expired': {
    subject: (p: AdmissionDecisionProps) => admissionOfferExpiredStrings.subject(p.programme),
    component: AdmissionOfferExpired,
  },
  'admission-status-link': {
    subject: (p: AdmissionDecisionProps) => admissionStatusLinkStrings.subject(p.programme),
    component: AdmissionStatusLink,
  },
  'admission-erased': {
    subject: (p: AdmissionErasureProps) => admissionErasedStrings.subject(p.programme),
    component: AdmissionErased,
  },
  'admission-erasure-refused': {
    subject: (p: AdmissionErasureProps) => admissionErasureRefusedStrings.subject(p.programme),
    component: AdmissionErasureRefused,
  },
  'admission-review-assigned': {
    subject: (p: ReviewAssignedProps) => reviewAssignedStrings.subject(p.count),
    component: ReviewAssigned,
  },
  'admission-interview-panel': {
    subject: (p: InterviewPanelProps) => interviewPanelStrings.subject[p.change](p.when),
    component: InterviewPanelMail,
  },
  'admission-interview-booked': {
    subject: (p: AdmissionInterviewProps) => admissionInterviewBookedStrings.subject(p.programme),
    component: AdmissionInterviewBooked,
  },
  'admission-interview-reminder': {
    subject: (p: AdmissionInterviewProps) => admissionInterviewReminderStrings.subject(p.programme),
    component: AdmissionInterviewReminder,
  },
  'admission-interview-cancelled': {
    subject: (p: AdmissionInterviewProps) => admissionInterviewCancelledStrings.subject(p.programme),
    component: AdmissionInterviewCancelled,
  },
  'admission-interview-changed': {
    subject: (p: AdmissionInterviewProps) => admissionInterviewChangedStrings.subject(p.programme),
    component: AdmissionInterviewChanged,
  },
  'admission-interview-slot-cancelled': {
    subject: (p: AdmissionInterviewProps) => admissionInterviewSlotCancelledStrings.subject(p.programme),
    component: AdmissionInterviewSlotCancelled,
  },
} as const;

export type TemplateName = keyof typeof templates;
export type TemplateProps<N extends TemplateName> = Parameters<(typeof templates)[N]['component']>[0];

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A template rendered to HTML and its plain-text twin. */
export async function renderMail<N extends TemplateName>(name: N, props: TemplateProps<N>): Promise<RenderedMail> {
  // Each entry pairs its subject and component with the same props; TypeScript cannot follow N through the union.
  const template = templates[name] as unknown as
    { subject: (p: TemplateProps<N>) => string; component: (p: TemplateProps<N>) => ReactElement } | undefined;
  if (!template) throw new Error(`Unknown mail template ${String(name)}`);
  const html = await render(createElement(template.component, props));
  return { subject: template.subject(props), html, text: toPlainText(html) };
}
