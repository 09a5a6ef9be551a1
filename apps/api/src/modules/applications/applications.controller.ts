import { Body, ConflictException, Controller, Header, Inject, Req, UseInterceptors } from '@nestjs/common';
import { APPLICATIONS_CLOSED_MESSAGE } from '@school/catalogue/data';
import type { ProgrammeApplication, ProgrammeApplicationResponse, UploadResponse } from '@school/contracts';
import type { Request } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type ParamsOf, type QueryOf, Route, RouteParams, RouteQuery } from '../../common/route.decorator';
import { ZodPipe } from '../../common/zod.pipe';
import { PUBLIC_FORM_LIMITS, PublicFormLimit } from '../../common/public-forms/public-form-limit.guard';
import { StorageService } from '../../platform/storage/storage.service';
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

  @Route('uploadFile')
  // Two documents an application.
  @PublicFormLimit({ name: 'upload', perVisitor: 2 * PUBLIC_FORM_LIMITS.perVisitor, perAddress: 2 * PUBLIC_FORM_LIMITS.perAddress })
  @UseInterceptors(PdfUploadInterceptor)
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

  /** Validated with the stricter schema that also checks the select values against the catalogue lists. */
  @Route('submitApplication')
  @PublicFormLimit({ name: 'application', ...PUBLIC_FORM_LIMITS })
  async submit(
    @Body(new ZodPipe(StrictProgrammeApplicationSchema)) body: ProgrammeApplication,
    @Req() req: Request,
  ): Promise<ProgrammeApplicationResponse> {
    // The form serves the programme's intakes; with none open (by their dates), nothing is taken.
    const intake = openIntake();
    if (!intake) throw new ConflictException(APPLICATIONS_CLOSED_MESSAGE);
    await this.applications.submit(body, intake, req.ip ?? 'unknown');
    return { message: APPLICATION_RECEIVED_MESSAGE };
  }

  @Route('adminApplicationList')
  list(@CurrentUser() me: AuthUser, @RouteQuery() query: QueryOf<'adminApplicationList'>) {
    return this.applications.list(query, me.id);
  }

  @Route('adminApplicationExport')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="applications.csv"')
  @Header('Cache-Control', 'no-store')
  exportCsv(@CurrentUser() me: AuthUser, @RouteQuery() query: QueryOf<'adminApplicationExport'>) {
    return this.applications.exportCsv(query, me.id);
  }

  @Route('adminApplicationDetail')
  async detail(@CurrentUser() me: AuthUser, @RouteParams() params: ParamsOf<'adminApplicationDetail'>) {
    return { data: await this.applications.detail(params.applicationId, me.id) };
  }
}
