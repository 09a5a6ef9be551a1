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
  UploadResponseSchema,
} from './applications.schemas';

export const programmeRoutes = defineRoutes({
  uploadFile: {
    method: 'POST',
    path: 'upload/file_upload/',
    requestType: 'multipart',
    response: UploadResponseSchema,
    auth: 'public',
    successStatus: 201,
    summary: 'Upload a PDF (resume or transcript) as multipart field `file`, at most 2.5 MB',
  },
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
