import { ApplicationIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import { IntakeParamsSchema } from './admissions.schemas';
import {
  AdmissionMailKindParamsSchema,
  ConflictsResponseSchema,
  DeclarationResponseSchema,
  DeclarationSchema,
  DeclareResponseSchema,
  IntakeMailResponseSchema,
  MailPreviewResponseSchema,
  MailPreviewSchema,
  MailTemplateSchema,
  MailTemplateVersionResponseSchema,
  ReplyToResponseSchema,
  ReplyToSchema,
} from './admissions-mail.schemas';

/**
 * Admissions, continued: an intake's mail (templates per kind, versioned, and the reply-to
 * address) for admins, and the conflict-of-interest declaration a reviewer makes before an
 * assigned application opens.
 */
export const admissionsMailRoutes = defineRoutes({
  admissionsIntakeMail: {
    method: 'GET',
    path: 'admissions/admin/intakes/:intake/mail',
    params: IntakeParamsSchema,
    response: IntakeMailResponseSchema,
    auth: 'admin',
    summary: "An intake's reply-to address and its mail templates: each kind with its placeholders, default and saved versions",
  },
  admissionsSaveMailTemplate: {
    method: 'PUT',
    path: 'admissions/admin/intakes/:intake/mail/templates/:kind',
    params: AdmissionMailKindParamsSchema,
    body: MailTemplateSchema,
    response: MailTemplateVersionResponseSchema,
    auth: 'admin',
    summary: 'Saves a new version of a kind of message for the intake (an unknown placeholder is refused, naming it)',
  },
  admissionsPreviewMailTemplate: {
    method: 'POST',
    path: 'admissions/admin/intakes/:intake/mail/templates/:kind/preview',
    params: AdmissionMailKindParamsSchema,
    body: MailPreviewSchema,
    response: MailPreviewResponseSchema,
    auth: 'admin',
    summary: 'Renders a template as mailed, filled in from a real application of the intake (the view is audited)',
  },
  admissionsSetReplyTo: {
    method: 'PUT',
    path: 'admissions/admin/intakes/:intake/mail/reply-to',
    params: IntakeParamsSchema,
    body: ReplyToSchema,
    response: ReplyToResponseSchema,
    auth: 'admin',
    summary: "Sets the address applicants' replies go to for every admissions mail of the intake (empty: none)",
  },
  admissionsReviewDeclaration: {
    method: 'GET',
    path: 'admissions/review/applications/:applicationId/declaration',
    params: ApplicationIdParamsSchema,
    response: DeclarationResponseSchema,
    auth: 'staff',
    summary: "The applicant's name and whether the signed-in reviewer has declared no conflict of interest (assigned only)",
  },
  admissionsDeclareConflict: {
    method: 'POST',
    path: 'admissions/review/applications/:applicationId/declaration',
    params: ApplicationIdParamsSchema,
    body: DeclarationSchema,
    response: DeclareResponseSchema,
    auth: 'staff',
    summary: 'Declares whether the reviewer has a conflict of interest: a conflict removes the assignment and is logged',
  },
  admissionsConflicts: {
    method: 'GET',
    path: 'admissions/admin/applications/:applicationId/conflicts',
    params: ApplicationIdParamsSchema,
    response: ConflictsResponseSchema,
    auth: 'admin',
    summary: 'The conflicts of interest staff declared on an application (who, which assignment, when, why)',
  },
});
