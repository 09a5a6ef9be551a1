import { defineRoutes } from '../common/route';
import { HealthResponseSchema, LivenessResponseSchema, MetricsResponseSchema, ReadinessResponseSchema } from '../common/common.schemas';
import {
  ContactFormSchema,
  CourseInterestFormSchema,
  FormSubmissionListQuerySchema,
  FormSubmissionListResponseSchema,
  FormSubmissionResponseSchema,
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
    summary: 'Prometheus metrics; needs `Authorization: Bearer <METRICS_TOKEN>` when METRICS_TOKEN is set, otherwise answers callers on the same machine only',
  },
});
