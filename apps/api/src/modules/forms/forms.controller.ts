import { Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  type ContactForm, ContactFormSchema, type CourseInterestForm, CourseInterestFormSchema,
  type FormSubmissionListQuery, FormSubmissionListQuerySchema, type FormSubmissionResponse, type VisitorTokenResponse,
} from '@school/contracts';
import { AdminOnly, Public } from '../../common/auth.decorators';
import { JWT_SECRET } from '../auth/jwt-secret';
import { ZodPipe } from '../../common/zod.pipe';
import { FormCollectionPipe } from './form-collection.pipe';
import { FormsService } from './forms.service';
import { PublicFormLimit } from './public-form-limit.guard';
import { issueVisitorToken } from './visitor-token';

/**
 * Strangers can post these: each visitor (or, without a visitor token, each address) gets a modest
 * budget, and an address a larger one for all its visitors together.
 */
export const PUBLIC_FORM_LIMITS = { perVisitor: 10, perAddress: 200 };

/** The site's contact and course-interest forms (JSON or multipart form data), and their admin list. */
@Controller('forms')
export class FormsController {
  constructor(
    @Inject(FormsService) private readonly forms: FormsService,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  /** A token costs nothing to check; minting is limited per address like any public call. */
  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: 300, ttl: 10 * 60_000 } })
  @HttpCode(200)
  @Post('visitor-token')
  visitorToken(): VisitorTokenResponse {
    return issueVisitorToken(this.secret);
  }

  @Public()
  @PublicFormLimit({ name: 'contact', ...PUBLIC_FORM_LIMITS })
  @UseInterceptors(NoFilesInterceptor())
  @HttpCode(200)
  @Post('contact')
  async contact(@Body(new FormCollectionPipe(ContactFormSchema)) body: ContactForm): Promise<FormSubmissionResponse> {
    await this.forms.saveContact(body);
    return { ok: true };
  }

  @Public()
  @PublicFormLimit({ name: 'course-interest', ...PUBLIC_FORM_LIMITS })
  @UseInterceptors(NoFilesInterceptor())
  @HttpCode(200)
  @Post('course-interest')
  async courseInterest(
    @Body(new FormCollectionPipe(CourseInterestFormSchema)) body: CourseInterestForm,
  ): Promise<FormSubmissionResponse> {
    await this.forms.saveCourseInterest(body);
    return { ok: true };
  }

  @AdminOnly()
  @Get('admin/list')
  list(@Query(new ZodPipe(FormSubmissionListQuerySchema)) query: FormSubmissionListQuery) {
    return this.forms.list(query);
  }
}
