import { defineRoutes } from '../common/route';
import { CourseIdParamsSchema } from '../common/common.schemas';
import {
  AddModuleResponseSchema,
  AddModuleSchema,
  AdminCourseListQuerySchema,
  AdminCourseListResponseSchema,
  AdminCourseResponseSchema,
  CreateCourseResponseSchema,
  CreateCourseSchema,
  UpdateCourseResponseSchema,
  UpdateCourseSchema,
  UpdateModulesResponseSchema,
  UpdateModulesSchema,
} from './courses.schemas';

export const coursesRoutes = defineRoutes({
  adminCourseList: {
    method: 'GET',
    path: 'courses/admin/list',
    query: AdminCourseListQuerySchema,
    response: AdminCourseListResponseSchema,
    auth: 'admin',
  },
  adminCourseDetail: {
    method: 'GET',
    path: 'courses/admin/:courseId',
    params: CourseIdParamsSchema,
    response: AdminCourseResponseSchema,
    auth: 'admin',
  },
  adminCourseUpdate: {
    method: 'PATCH',
    path: 'courses/admin/:courseId/update/',
    params: CourseIdParamsSchema,
    body: UpdateCourseSchema,
    response: UpdateCourseResponseSchema,
    auth: 'admin',
  },
  adminCourseCreate: {
    method: 'POST',
    path: 'courses/admin/create/',
    body: CreateCourseSchema,
    response: CreateCourseResponseSchema,
    auth: 'admin',
    successStatus: 201,
  },
  adminAddModule: {
    method: 'POST',
    path: 'courses/admin/:courseId/add-module/',
    params: CourseIdParamsSchema,
    body: AddModuleSchema,
    response: AddModuleResponseSchema,
    auth: 'admin',
    successStatus: 201,
  },
  adminModulesUpdate: {
    method: 'PUT',
    path: 'courses/admin/:courseId/modules/update/',
    params: CourseIdParamsSchema,
    body: UpdateModulesSchema,
    response: UpdateModulesResponseSchema,
    auth: 'admin',
    summary: 'Replace the curriculum of a course (modules and lessons not sent are deleted)',
  },
});
