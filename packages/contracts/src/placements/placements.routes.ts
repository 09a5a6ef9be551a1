import { CohortIdParamsSchema } from '../common/common.schemas';
import { defineRoutes } from '../common/route';
import {
  CohortPlacementParamsSchema,
  CohortPlacementsResponseSchema,
  CreatePlacementSchema,
  HostCompanyIdParamsSchema,
  HostCompanyListQuerySchema,
  HostCompanyListResponseSchema,
  HostCompanyResponseSchema,
  MyPlacementsResponseSchema,
  PlacementCsvPreviewSchema,
  PlacementCsvResultSchema,
  PlacementCsvSchema,
  PlacementResponseSchema,
  SaveHostCompanySchema,
  StaffPlacementResponseSchema,
  UpdatePlacementSchema,
} from './placements.schemas';
import {
  LogbookFileParamsSchema,
  LogbookResponseSchema,
  LogbookWeekResponseSchema,
  PlacementIdParamsSchema,
  PlacementWeekParamsSchema,
  SaveLogbookWeekSchema,
} from './logbook.schemas';
import { CorrectBreakSchema, PlacementBreakParamsSchema, RecordBreakSchema } from './breaks.schemas';
import { UserCohortViewParamsSchema } from '../learning/learning.schemas';
import { CohortEvidencePackSchema, CohortEvidencePacksResponseSchema, PlacementEvidencePackParamsSchema } from './evidence-pack.schemas';
import { StoredFileResponseSchema } from '../forms/forms.schemas';

/** On-the-job training: host companies (admin console) and placements (the cohort page's Placements tab, the student's own). */
export const placementsRoutes = defineRoutes({
  adminHostCompanies: {
    method: 'GET',
    path: 'host-companies/admin',
    query: HostCompanyListQuerySchema,
    response: HostCompanyListResponseSchema,
    auth: 'admin',
    summary: 'Host companies, searched by name or registration number, a page at a time',
  },
  adminCreateHostCompany: {
    method: 'POST',
    path: 'host-companies/admin',
    body: SaveHostCompanySchema,
    response: HostCompanyResponseSchema,
    auth: 'admin',
    successStatus: 201,
    summary: 'Adds a host company with its sites and contacts',
  },
  adminHostCompany: {
    method: 'GET',
    path: 'host-companies/admin/:hostCompanyId',
    params: HostCompanyIdParamsSchema,
    response: HostCompanyResponseSchema,
    auth: 'admin',
  },
  adminUpdateHostCompany: {
    method: 'PUT',
    path: 'host-companies/admin/:hostCompanyId',
    params: HostCompanyIdParamsSchema,
    body: SaveHostCompanySchema,
    response: HostCompanyResponseSchema,
    auth: 'admin',
    summary: "Replaces a host company's details, sites and contacts; a site a placement names cannot be removed",
  },
  adminCohortPlacements: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/placements',
    params: CohortIdParamsSchema,
    response: CohortPlacementsResponseSchema,
    auth: 'admin',
    summary: "The cohort's placements with each trainee's OJT window, the trainees not yet placed and the staff who may coach",
  },
  adminCreatePlacement: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/placements',
    params: CohortIdParamsSchema,
    body: CreatePlacementSchema,
    response: PlacementResponseSchema,
    auth: 'admin',
    successStatus: 201,
  },
  adminUpdatePlacement: {
    method: 'PUT',
    path: 'cohorts/admin/:cohortId/placements/:placementId',
    params: CohortPlacementParamsSchema,
    body: UpdatePlacementSchema,
    response: PlacementResponseSchema,
    auth: 'admin',
  },
  adminPreviewPlacementCsv: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/placements/csv/preview',
    params: CohortIdParamsSchema,
    body: PlacementCsvSchema,
    bodyLimit: '1mb',
    response: PlacementCsvPreviewSchema,
    auth: 'admin',
    summary: "Reads a placements CSV and lists every row's problems; writes nothing",
  },
  adminImportPlacementCsv: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/placements/csv',
    params: CohortIdParamsSchema,
    body: PlacementCsvSchema,
    bodyLimit: '1mb',
    response: PlacementCsvResultSchema,
    auth: 'admin',
    summary:
      'Places every trainee of the CSV in one transaction (replacing their placement in the cohort); refused whole when any row has a problem',
  },
  myPlacements: {
    method: 'GET',
    path: 'placements/me',
    response: MyPlacementsResponseSchema,
    auth: 'user',
    summary: "The signed-in student's own placements: host, site, supervisor, dates and hours target",
  },
});

/** The trainee's weekly logbook of a placement. */
export const logbookRoutes = defineRoutes({
  myLogbook: {
    method: 'GET',
    path: 'placements/me/:placementId/logbook',
    params: PlacementIdParamsSchema,
    response: LogbookResponseSchema,
    auth: 'user',
    summary: "The trainee's OJT weeks with their state and hours, and the hours logged against the target so far",
  },
  myLogbookWeek: {
    method: 'GET',
    path: 'placements/me/:placementId/logbook/:week',
    params: PlacementWeekParamsSchema,
    response: LogbookWeekResponseSchema,
    auth: 'user',
  },
  saveMyLogbookWeek: {
    method: 'PUT',
    path: 'placements/me/:placementId/logbook/:week',
    params: PlacementWeekParamsSchema,
    body: SaveLogbookWeekSchema,
    response: LogbookWeekResponseSchema,
    auth: 'user',
    summary: "Saves the week's days (refused once submitted, until returned)",
  },
  submitMyLogbookWeek: {
    method: 'POST',
    path: 'placements/me/:placementId/logbook/:week/submit',
    params: PlacementWeekParamsSchema,
    response: LogbookWeekResponseSchema,
    auth: 'user',
    summary: 'Submits the week to the supervisor; it is read-only from then on unless returned',
  },
  addMyLogbookFile: {
    method: 'POST',
    path: 'placements/me/:placementId/logbook/:week/files',
    params: PlacementWeekParamsSchema,
    response: LogbookWeekResponseSchema,
    requestType: 'multipart',
    auth: 'user',
    successStatus: 201,
    summary: 'Attaches a PDF, JPEG or PNG (multipart field `file`, at most 5 MB; at most 10 a week) to a week the trainee can still change',
  },
  removeMyLogbookFile: {
    method: 'DELETE',
    path: 'placements/me/:placementId/logbook/:week/files/:fileId',
    params: LogbookFileParamsSchema,
    response: LogbookWeekResponseSchema,
    auth: 'user',
    summary: 'Removes a file from a week the trainee can still change (and deletes it)',
  },
});

/** Breaks in a placement: the trainee's coach or an admin reads and records them (the coach's trainee page). */
export const placementBreaksRoutes = defineRoutes({
  staffTraineePlacement: {
    method: 'GET',
    path: 'placements/staff/:cohortId/:userIdSlug',
    params: UserCohortViewParamsSchema,
    response: StaffPlacementResponseSchema,
    auth: 'staff',
    summary: "A trainee's placement in a cohort with its breaks, for an admin or the trainee's coach",
  },
  staffRecordBreak: {
    method: 'POST',
    path: 'placements/staff/:placementId/breaks',
    params: PlacementIdParamsSchema,
    body: RecordBreakSchema,
    response: PlacementResponseSchema,
    auth: 'staff',
    successStatus: 201,
    summary: "Records a break; the trainee's OJT phase grows by its days and their later dates move through the timeline",
  },
  staffCorrectBreak: {
    method: 'POST',
    path: 'placements/staff/:placementId/breaks/:breakId/corrections',
    params: PlacementBreakParamsSchema,
    body: CorrectBreakSchema,
    response: PlacementResponseSchema,
    auth: 'staff',
    summary: "Gives a break a new last day or withdraws it, as a new entry; the trainee's dates move again",
  },
});

/** Evidence packs: a trainee's PDF or CSV (the trainee, their coach, admins) and a cohort's ZIP made by a job (admins). */
export const evidencePackRoutes = defineRoutes({
  myEvidencePack: {
    method: 'GET',
    path: 'placements/me/:placementId/evidence-pack/:format',
    params: PlacementEvidencePackParamsSchema,
    response: StoredFileResponseSchema,
    responseType: 'file',
    auth: 'user',
    summary: "The signed-in trainee's own evidence pack of a placement, as a PDF or a CSV (one row per logged day)",
  },
  staffEvidencePack: {
    method: 'GET',
    path: 'placements/:placementId/evidence-pack/:format',
    params: PlacementEvidencePackParamsSchema,
    response: StoredFileResponseSchema,
    responseType: 'file',
    auth: 'staff',
    summary: "A trainee's evidence pack as a PDF or a CSV: admins for any placement, a coach for the trainees they follow",
  },
  adminCohortEvidencePacks: {
    method: 'GET',
    path: 'cohorts/admin/:cohortId/evidence-packs',
    params: CohortIdParamsSchema,
    response: CohortEvidencePacksResponseSchema,
    auth: 'admin',
    summary: "The cohort's evidence packs, newest first, with their progress and, once ready, the ZIP's link",
  },
  adminRequestCohortEvidencePack: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/evidence-packs',
    params: CohortIdParamsSchema,
    response: CohortEvidencePackSchema,
    auth: 'admin',
    successStatus: 201,
    summary: "Queues the job that packs every placed trainee's PDF and CSV and a cohort CSV into one ZIP",
  },
});
