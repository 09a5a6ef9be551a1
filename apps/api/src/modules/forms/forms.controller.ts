import { Body, Controller, Inject, UseGuards, UseInterceptors } from '@nestjs/common';
import { NoFilesInterceptor } from '@nestjs/platform-express';
import { Throttle, ThrottlerGuard } from '@nestjs/throttler';
import {
  type ContactForm,
  type CourseInterestForm,
  type FormSubmissionResponse,
  routes,
  type VisitorTokenResponse,
} from '@school/contracts';
import { type QueryOf, Route, RouteQuery } from '../../common/route.decorator';
import { JWT_SECRET } from '../../common/jwt-secret';
import { FormCollectionPipe } from './form-collection.pipe';
import { FormsService } from './forms.service';
import { PUBLIC_FORM_LIMITS, PublicFormLimit } from '../../common/public-forms/public-form-limit.guard';
import { issueVisitorToken } from '../../common/public-forms/visitor-token';

/** Visitor tokens one address may mint in an hour. */
export const VISITOR_TOKENS_PER_ADDRESS = 30;

/** The site's contact and course-interest forms (JSON or multipart form data), and their admin list. */
@Controller()
export class FormsController {
  constructor(
    @Inject(FormsService) private readonly forms: FormsService,
    @Inject(JWT_SECRET) private readonly secret: string,
  ) {}

  /**
   * A token costs nothing to check; minting is capped per address, since each token opens a
   * visitor's own budget of submissions: one address cannot mint itself many visitors' worth. A
   * browser keeps its token for two hours, and one refused submits without (counted per address).
   */
  @Route('visitorToken')
  @UseGuards(ThrottlerGuard)
  @Throttle({ default: { limit: VISITOR_TOKENS_PER_ADDRESS, ttl: 60 * 60_000 } })
  visitorToken(): VisitorTokenResponse {
    return issueVisitorToken(this.secret);
  }

  /** Public forms answer their failures in the form-collection shape, hence their own pipe. */
  @Route('contactForm')
  @PublicFormLimit({ name: 'contact', ...PUBLIC_FORM_LIMITS })
  @UseInterceptors(NoFilesInterceptor())
  async contact(@Body(new FormCollectionPipe(routes.contactForm.body)) body: ContactForm): Promise<FormSubmissionResponse> {
    await this.forms.saveContact(body);
    return { ok: true };
  }

  @Route('courseInterestForm')
  @PublicFormLimit({ name: 'course-interest', ...PUBLIC_FORM_LIMITS })
  @UseInterceptors(NoFilesInterceptor())
  async courseInterest(
    @Body(new FormCollectionPipe(routes.courseInterestForm.body)) body: CourseInterestForm,
  ): Promise<FormSubmissionResponse> {
    await this.forms.saveCourseInterest(body);
    return { ok: true };
  }

  @Route('adminFormSubmissionList')
  list(@RouteQuery() query: QueryOf<'adminFormSubmissionList'>) {
    return this.forms.list(query);
  }
}
