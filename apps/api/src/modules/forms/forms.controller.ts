import { Body, Controller, Get, HttpCode, Inject, Post, Query, UseGuards, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  type ContactForm, ContactFormSchema, type CourseInterestForm, CourseInterestFormSchema,
  type FormSubmissionListQuery, FormSubmissionListQuerySchema, type FormSubmissionResponse,
} from '@school/contracts';
import { AdminOnly, Public } from '../../common/auth.decorators';
import { ZodPipe } from '../../common/zod.pipe';
import { FormCollectionPipe } from './form-collection.pipe';
import { FormsService } from './forms.service';

/** Strangers can post these, so each address gets a modest budget. */
const PUBLIC_FORM_LIMIT = { default: { limit: 10, ttl: 10 * 60_000 } };

/** The site's contact and course-interest forms (JSON or multipart form data), and their admin list. */
@Controller('forms')
export class FormsController {
  constructor(@Inject(FormsService) private readonly forms: FormsService) {}

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_FORM_LIMIT)
  @UseInterceptors(NoFilesInterceptor())
  @HttpCode(200)
  @Post('contact')
  async contact(@Body(new FormCollectionPipe(ContactFormSchema)) body: ContactForm): Promise<FormSubmissionResponse> {
    await this.forms.saveContact(body);
    return { ok: true };
  }

  @Public()
  @UseGuards(ThrottlerGuard)
  @Throttle(PUBLIC_FORM_LIMIT)
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
