import { Inject, Injectable } from '@nestjs/common';
import type { ContactForm, CourseInterestForm, FormSubmissionListQuery, FormSubmissionListResponse } from '@school/contracts';
import { DataSource } from 'typeorm';
import { FormSubmissionEntity } from './form-submission.entity';
import { likePattern, listPage, orderBy, SUBMISSION_SORT } from '../../common/sql/list';

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
  list(query: FormSubmissionListQuery): Promise<FormSubmissionListResponse> {
    return listPage<FormSubmissionListResponse['data'][number]>(this.ds, {
      matching: `SELECT id, id_slug, kind, first_name, last_name, email, phone, message, course, created_date
                   FROM form_submissions
                  WHERE ($1::text IS NULL OR kind = $1)
                    AND ($2::text IS NULL OR (first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(course, '')) ILIKE $2)`,
      order: orderBy(query.order_by, SORTABLE, '-created_date', 'id', SUBMISSION_SORT),
      item: `json_build_object(
        'id_slug', p.id_slug, 'kind', p.kind, 'first_name', p.first_name, 'last_name', p.last_name,
        'email', p.email, 'phone', p.phone, 'message', p.message, 'course', p.course,
        'created_date', p.created_date)`,
      params: [query.kind ?? null, query.search_query ? likePattern(query.search_query) : null],
      page: query,
    });
  }
}
