import { ApplicationIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import { ApplicantTokenSchema, IntakeParamsSchema } from './admissions.schemas';
import { DeclarationResponseSchema, DeclarationSchema, DeclareResponseSchema } from './admissions-mail.schemas';
import {
  ApplicantInterviewResponseSchema,
  BookInterviewSchema,
  CancelInterviewSlotSchema,
  CreateInterviewSlotSchema,
  InterviewDetailResponseSchema,
  InterviewRubricResponseSchema,
  InterviewRubricSchema,
  InterviewScoreSchema,
  InterviewSlotParamsSchema,
  InterviewSlotResponseSchema,
  InterviewSlotsResponseSchema,
  MyInterviewsResponseSchema,
} from './interviews.schemas';

/**
 * Interviews: admins publish an intake's slots with their panel and its rubric; shortlisted
 * applicants book one through their private link; the panel scores and records a no-show.
 */
export const interviewsRoutes = defineRoutes({
  admissionsInterviewSlots: {
    method: 'GET',
    path: 'admissions/admin/intakes/:intake/interview-slots',
    params: IntakeParamsSchema,
    response: InterviewSlotsResponseSchema,
    auth: 'admin',
    summary: "The intake's interview slots, soonest first, with their panel and the applicants who booked them",
  },
  admissionsCreateInterviewSlot: {
    method: 'POST',
    path: 'admissions/admin/intakes/:intake/interview-slots',
    params: IntakeParamsSchema,
    body: CreateInterviewSlotSchema,
    response: InterviewSlotResponseSchema,
    auth: 'admin',
    successStatus: 201,
    summary: 'Publishes an interview slot: moment, duration, place or meeting link, applicants it takes, panel of staff',
  },
  admissionsUpdateInterviewSlot: {
    method: 'PUT',
    path: 'admissions/admin/interview-slots/:slotId',
    params: InterviewSlotParamsSchema,
    body: CreateInterviewSlotSchema,
    response: InterviewSlotResponseSchema,
    auth: 'admin',
    summary:
      'Changes a slot (moment, length, place or link, places, panel): applicants who booked it get the updated calendar invitation (same event, next sequence), new panel members are told',
  },
  admissionsCancelInterviewSlot: {
    method: 'POST',
    path: 'admissions/admin/interview-slots/:slotId/cancel',
    params: InterviewSlotParamsSchema,
    body: CancelInterviewSlotSchema,
    response: InterviewSlotsResponseSchema,
    auth: 'admin',
    summary:
      "Cancels a slot with its reason: each booking is released (logged) and its applicant mailed the invitation's cancellation to book another; answers the intake's slots",
  },
  admissionsDeleteInterviewSlot: {
    method: 'DELETE',
    path: 'admissions/admin/interview-slots/:slotId',
    params: InterviewSlotParamsSchema,
    response: InterviewSlotsResponseSchema,
    auth: 'admin',
    summary: 'Removes an interview slot nobody booked; answers the rest of its intake’s slots',
  },
  admissionsInterviewRubric: {
    method: 'GET',
    path: 'admissions/intakes/:intake/interview-rubric',
    params: IntakeParamsSchema,
    response: InterviewRubricResponseSchema,
    auth: 'staff',
    summary: "An intake's interview rubric: criteria with their max points",
  },
  admissionsUpdateInterviewRubric: {
    method: 'PUT',
    path: 'admissions/admin/intakes/:intake/interview-rubric',
    params: IntakeParamsSchema,
    body: InterviewRubricSchema,
    response: InterviewRubricResponseSchema,
    auth: 'admin',
    summary: "Replaces an intake's interview rubric (once scored, criteria ids and max points stay)",
  },
  admissionsMyInterviews: {
    method: 'GET',
    path: 'admissions/interviews',
    response: MyInterviewsResponseSchema,
    auth: 'staff',
    summary: "The slots of the signed-in interviewer's panels with their booked applicants, soonest first",
  },
  admissionsInterview: {
    method: 'GET',
    path: 'admissions/interviews/:applicationId',
    params: ApplicationIdParamsSchema,
    response: InterviewDetailResponseSchema,
    auth: 'staff',
    summary: "An application's interview: booking, panel, rubric and scores (admins: every score; a panel member: their own)",
  },
  admissionsInterviewDeclaration: {
    method: 'GET',
    path: 'admissions/interviews/:applicationId/declaration',
    params: ApplicationIdParamsSchema,
    response: DeclarationResponseSchema,
    auth: 'staff',
    summary:
      "The applicant's name and whether the signed-in panel member has declared no conflict of interest (the booked slot's panel only)",
  },
  admissionsInterviewDeclare: {
    method: 'POST',
    path: 'admissions/interviews/:applicationId/declaration',
    params: ApplicationIdParamsSchema,
    body: DeclarationSchema,
    response: DeclareResponseSchema,
    auth: 'staff',
    summary:
      "Declares whether the panel member has a conflict of interest: a conflict takes them off this applicant's panel (their score with it) and is logged",
  },
  admissionsScoreInterview: {
    method: 'PUT',
    path: 'admissions/interviews/:applicationId/score',
    params: ApplicationIdParamsSchema,
    body: InterviewScoreSchema,
    response: InterviewDetailResponseSchema,
    auth: 'staff',
    summary: "A panel member's points per criterion of the interview rubric and comment (only the booked slot's panel)",
  },
  admissionsInterviewNoShow: {
    method: 'POST',
    path: 'admissions/interviews/:applicationId/no-show',
    params: ApplicationIdParamsSchema,
    response: InterviewDetailResponseSchema,
    auth: 'staff',
    summary: 'Records that the applicant did not come to their interview (a panel member or an admin, once its time has come); logged',
  },
  applicantInterview: {
    method: 'POST',
    path: 'admissions/status/:applicationId/interview',
    params: ApplicationIdParamsSchema,
    body: ApplicantTokenSchema,
    response: ApplicantInterviewResponseSchema,
    auth: 'public',
    summary: "The applicant's interview booking and the slots open to them, through their private link",
  },
  applicantBookInterview: {
    method: 'POST',
    path: 'admissions/status/:applicationId/interview/book',
    params: ApplicationIdParamsSchema,
    body: BookInterviewSchema,
    response: ApplicantInterviewResponseSchema,
    auth: 'public',
    summary: 'Books an interview slot, or changes the booking to it (until 24 hours before), and mails the calendar invitation',
  },
  applicantCancelInterview: {
    method: 'POST',
    path: 'admissions/status/:applicationId/interview/cancel',
    params: ApplicationIdParamsSchema,
    body: ApplicantTokenSchema,
    response: ApplicantInterviewResponseSchema,
    auth: 'public',
    summary: 'Cancels the interview booking (until 24 hours before the slot)',
  },
});
