import {
  Body, ConflictException, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req, UseInterceptors,
} from '@nestjs/common';
import { APPLICATIONS_CLOSED_MESSAGE } from '@school/catalogue/data';
import {
  type ApplicationExportQuery, ApplicationExportQuerySchema, type ApplicationListQuery, ApplicationListQuerySchema,
  IdParamsSchema, type ProgrammeApplication, type ProgrammeApplicationResponse, type UploadResponse,
} from '@school/contracts';
import type { Request } from 'express';
import { AdminOnly, Public } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { PUBLIC_FORM_LIMITS } from '../forms/forms.controller';
import { PublicFormLimit } from '../forms/public-form-limit.guard';
import { StorageService } from '../storage/storage.service';
import { openIntake, StrictProgrammeApplicationSchema } from './application-options';
import { APPLICATION_FILE_PURPOSE, ApplicationsService } from './applications.service';
import { PdfUploadInterceptor } from './pdf-upload.interceptor';

export const APPLICATION_RECEIVED_MESSAGE = 'Your application has been received.';

/** The youth programme application: file upload, submission, and the admins' list, detail and export. */
@Controller()
export class ApplicationsController {
  constructor(
    @Inject(ApplicationsService) private readonly applications: ApplicationsService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  @Public()
  // Two documents an application.
  @PublicFormLimit({ name: 'upload', perVisitor: 2 * PUBLIC_FORM_LIMITS.perVisitor, perAddress: 2 * PUBLIC_FORM_LIMITS.perAddress })
  @UseInterceptors(PdfUploadInterceptor)
  @HttpCode(201)
  @Post('upload/file_upload')
  async upload(@Req() req: Request): Promise<UploadResponse> {
    const file = req.file!;
    const stored = await this.storage.save({
      data: file.buffer,
      originalName: file.originalname || 'document.pdf',
      contentType: 'application/pdf',
      purpose: APPLICATION_FILE_PURPOSE,
    });
    return { url: this.storage.signedUrl(stored.id_slug) };
  }

  @Public()
  @PublicFormLimit({ name: 'application', ...PUBLIC_FORM_LIMITS })
  @HttpCode(201)
  @Post('sheet/submit-form')
  async submit(
    @Body(new ZodPipe(StrictProgrammeApplicationSchema)) body: ProgrammeApplication,
  ): Promise<ProgrammeApplicationResponse> {
    // The form serves the programme's intakes; with none open (by their dates), nothing is taken.
    const intake = openIntake();
    if (!intake) throw new ConflictException(APPLICATIONS_CLOSED_MESSAGE);
    await this.applications.submit(body, intake);
    return { message: APPLICATION_RECEIVED_MESSAGE };
  }

  @AdminOnly()
  @Get('applications/admin/list')
  list(@Query(new ZodPipe(ApplicationListQuerySchema)) query: ApplicationListQuery) {
    return this.applications.list(query);
  }

  @AdminOnly()
  @Get('applications/admin/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="applications.csv"')
  @Header('Cache-Control', 'no-store')
  exportCsv(@Query(new ZodPipe(ApplicationExportQuerySchema)) query: ApplicationExportQuery) {
    return this.applications.exportCsv(query);
  }

  @AdminOnly()
  @Get('applications/admin/:id')
  async detail(@Param(new ZodPipe(IdParamsSchema)) params: { id: string }) {
    return { data: await this.applications.detail(params.id) };
  }
}
