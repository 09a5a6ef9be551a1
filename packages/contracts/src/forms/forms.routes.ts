import { defineRoutes } from '../common/route';
import {
  HealthResponseSchema,
  LivenessResponseSchema,
  MetricsResponseSchema,
  OpenApiDocumentResponseSchema,
  ReadinessResponseSchema,
} from '../common/common.schemas';
import {
  ContactFormSchema,
  CourseInterestFormSchema,
  FormSubmissionListQuerySchema,
  FormSubmissionListResponseSchema,
  FormSubmissionResponseSchema,
  StoredFileParamsSchema,
  StoredFileQuerySchema,
  StoredFileResponseSchema,
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
  storedFile: {
    method: 'GET',
    path: 'files/:idSlug',
    params: StoredFileParamsSchema,
    query: StoredFileQuerySchema,
    response: StoredFileResponseSchema,
    responseType: 'file',
    auth: 'public',
    summary: 'A stored file, for holders of its signed URL (the server hands these out); files in the bucket answer a 302 to it',
  },
  health: {
    method: 'GET',
    path: 'health',
    response: HealthResponseSchema,
    auth: 'public',
    summary: "The database's state (503 when it does not answer within 2 s)",
  },
  healthLive: {
    method: 'GET',
    path: 'health/live',
    response: LivenessResponseSchema,
    auth: 'public',
    summary: 'Liveness: the process serves requests; no dependency is asked',
  },
  healthReady: {
    method: 'GET',
    path: 'health/ready',
    response: ReadinessResponseSchema,
    auth: 'public',
    summary: 'Readiness: the database and the other dependencies answer and the instance is not stopping (503 otherwise)',
  },
  metrics: {
    method: 'GET',
    path: 'metrics',
    response: MetricsResponseSchema,
    responseType: 'text',
    auth: 'public',
    summary:
      'Prometheus metrics; needs `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set, otherwise answers callers on the same machine only',
  },
  apiDocs: {
    method: 'GET',
    path: 'docs',
    response: OpenApiDocumentResponseSchema,
    auth: 'public',
    summary: 'This OpenAPI document, generated from the route table',
  },
});
