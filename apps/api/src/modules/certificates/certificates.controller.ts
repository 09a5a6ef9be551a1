import { Body, Controller, Get, Inject, Param, Post, Query } from '@nestjs/common';
import {
  AddCertificateToCohortSchema,
  AdminCertificateListQuerySchema,
  CreateCertificateSchema,
  IdParamsSchema,
  type AddCertificateToCohort,
  type AdminCertificateListQuery,
  type CreateCertificate,
} from '@school/contracts';
import { AdminOnly } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { CertificatesService } from './certificates.service';

@AdminOnly()
@Controller()
export class CertificatesController {
  constructor(@Inject(CertificatesService) private readonly certificates: CertificatesService) {}

  @Get('certificates/admin/list')
  list(@Query(new ZodPipe(AdminCertificateListQuerySchema)) q: AdminCertificateListQuery) {
    return this.certificates.list(q);
  }

  @Post('certificates/admin/create')
  create(@Body(new ZodPipe(CreateCertificateSchema)) body: CreateCertificate) {
    return this.certificates.create(body);
  }

  @Post('cohorts/admin/:id/add-certificate')
  addToCohort(@Param(new ZodPipe(IdParamsSchema)) p: { id: string }, @Body(new ZodPipe(AddCertificateToCohortSchema)) body: AddCertificateToCohort) {
    return this.certificates.addToCohort(p.id, body.certificate_id_slug);
  }
}
