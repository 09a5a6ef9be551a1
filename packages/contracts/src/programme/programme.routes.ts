import { defineRoutes } from '../common/route';
import { ApplicationIdParamsSchema } from '../common/common.schemas';
import {
  ApplicationExportQuerySchema,
  ApplicationListQuerySchema,
  ApplicationListResponseSchema,
  ApplicationResponseSchema,
  CsvResponseSchema,
  ProgrammeApplicationResponseSchema,
  ProgrammeApplicationSchema,
} from './programme.schemas';

export const programmeRoutes = defineRoutes({
  submitApplication: {
    method: 'POST',
    path: 'sheet/submit-form/',
    body: ProgrammeApplicationSchema,
    response: ProgrammeApplicationResponseSchema,
    auth: 'public',
    successStatus: 201,
    summary: 'Submit a programme application (select values are checked against the catalogue lists)',
  },
  adminApplicationList: {
    method: 'GET',
    path: 'applications/admin/list',
    query: ApplicationListQuerySchema,
    response: ApplicationListResponseSchema,
    auth: 'admin',
  },
  adminApplicationExport: {
    method: 'GET',
    path: 'applications/admin/export',
    query: ApplicationExportQuerySchema,
    response: CsvResponseSchema,
    responseType: 'text',
    auth: 'admin',
    summary: 'Every matching application as CSV (formulas neutralised)',
  },
  adminApplicationDetail: {
    method: 'GET',
    path: 'applications/admin/:applicationId',
    params: ApplicationIdParamsSchema,
    response: ApplicationResponseSchema,
    auth: 'admin',
  },
});
