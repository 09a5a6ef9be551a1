import { defineRoutes } from '../common/route';
import { HealthResponseSchema } from '../common/common.schemas';
import {
  ContactFormSchema,
  CourseInterestFormSchema,
  FormSubmissionListQuerySchema,
  FormSubmissionListResponseSchema,
  FormSubmissionResponseSchema,
  UploadResponseSchema,
  VisitorTokenResponseSchema,
} from './forms.schemas';

export const formsRoutes = defineRoutes({
  contactForm: {
    method: 'POST',
    path: 'forms/contact/',
    body: ContactFormSchema,
    response: FormSubmissionResponseSchema,
    auth: 'public',
    summary: 'Contact form (JSON or multipart form data)',
  },
  courseInterestForm: {
    method: 'POST',
    path: 'forms/course-interest/',
    body: CourseInterestFormSchema,
    response: FormSubmissionResponseSchema,
    auth: 'public',
    summary: 'Course interest form (JSON or multipart form data)',
  },
  visitorToken: {
    method: 'POST',
    path: 'forms/visitor-token/',
    response: VisitorTokenResponseSchema,
    auth: 'public',
    summary: 'A session-less visitor token: public forms sent with it are counted per visitor, not per network address',
  },
  adminFormSubmissionList: {
    method: 'GET',
    path: 'forms/admin/list',
    query: FormSubmissionListQuerySchema,
    response: FormSubmissionListResponseSchema,
    auth: 'admin',
  },
  uploadFile: {
    method: 'POST',
    path: 'upload/file_upload/',
    requestType: 'multipart',
    response: UploadResponseSchema,
    auth: 'public',
    successStatus: 201,
    summary: 'Upload a PDF (resume or transcript) as multipart field `file`, at most 2.5 MB',
  },
  health: {
    method: 'GET',
    path: 'health',
    response: HealthResponseSchema,
    auth: 'public',
  },
});
