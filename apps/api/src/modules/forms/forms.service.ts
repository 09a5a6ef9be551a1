import { Inject, Injectable } from '@nestjs/common';
import type {
  ContactForm, CourseInterestForm, FormSubmissionListQuery, FormSubmissionListResponse,
} from '@school/contracts';
import { DataSource } from 'typeorm';
import { FormSubmissionEntity } from './form-submission.entity';
import { containsPattern, numPages, orderClause } from './list-sql';

const SORTABLE = {
  created_date: 'created_date',
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
} as const;

@Injectable()
export class FormsService {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async saveContact(form: ContactForm): Promise<void> {
    await this.ds.getRepository(FormSubmissionEntity).insert({
      kind: 'contact',
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      phone: form.phone,
      message: form.message,
      course: null,
    });
  }

  async saveCourseInterest(form: CourseInterestForm): Promise<void> {
    await this.ds.getRepository(FormSubmissionEntity).insert({
      kind: 'course-interest',
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      phone: null,
      message: null,
      course: form.course,
    });
  }

  /** One statement: the filtered count and the requested page, shaped by PostgreSQL. */
  async list(query: FormSubmissionListQuery): Promise<FormSubmissionListResponse> {
    const order = orderClause(query.order_by ?? '-created_date', SORTABLE);
    const [row] = await this.ds.query(
      `WITH matching AS (
         SELECT id, id_slug, kind, first_name, last_name, email, phone, message, course, created_date
         FROM form_submissions
         WHERE ($1::text IS NULL OR kind = $1)
           AND ($2::text IS NULL OR (first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(course, '')) ILIKE $2)
       )
       SELECT (SELECT count(*)::int FROM matching) AS count,
              coalesce((SELECT json_agg(json_build_object(
                  'id_slug', id_slug, 'kind', kind, 'first_name', first_name, 'last_name', last_name,
                  'email', email, 'phone', phone, 'message', message, 'course', course,
                  'created_date', created_date) ORDER BY ${order})
                FROM (SELECT * FROM matching ORDER BY ${order} LIMIT $3 OFFSET $4) page), '[]'::json) AS data`,
      [
        query.kind ?? null,
        query.search_query ? containsPattern(query.search_query) : null,
        query.page_size,
        (query.page - 1) * query.page_size,
      ],
    );
    return { data: row.data, count: row.count, num_pages: numPages(row.count, query.page_size) };
  }
}
