import { defineRoutes } from '../common/route';
import { CohortIdParamsSchema } from '../common/common.schemas';
import {
  AddCertificateToCohortResponseSchema,
  AddCertificateToCohortSchema,
  AdminCertificateListQuerySchema,
  AdminCertificateListResponseSchema,
  CreateCertificateResponseSchema,
  CreateCertificateSchema,
} from './certificates.schemas';

export const certificatesRoutes = defineRoutes({
  adminCertificateList: {
    method: 'GET',
    path: 'certificates/admin/list',
    query: AdminCertificateListQuerySchema,
    response: AdminCertificateListResponseSchema,
    auth: 'admin',
  },
  adminCertificateCreate: {
    method: 'POST',
    path: 'certificates/admin/create',
    body: CreateCertificateSchema,
    response: CreateCertificateResponseSchema,
    auth: 'admin',
    successStatus: 201,
  },
  adminAddCertificate: {
    method: 'POST',
    path: 'cohorts/admin/:cohortId/add-certificate',
    params: CohortIdParamsSchema,
    body: AddCertificateToCohortSchema,
    response: AddCertificateToCohortResponseSchema,
    auth: 'admin',
    successStatus: 201,
  },
});
