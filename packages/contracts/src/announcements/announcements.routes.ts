import { z } from 'zod';
import { defineRoutes } from '../common/route';
import {
  AnnouncementCohortsResponseSchema,
  AnnouncementIdParamsSchema,
  CohortAnnouncementsParamsSchema,
  SaveAnnouncementSchema,
  StaffAnnouncementResponseSchema,
  StaffAnnouncementsResponseSchema,
  StudentAnnouncementsResponseSchema,
  UnreadAnnouncementsResponseSchema,
  UpdateAnnouncementSchema,
} from './announcements.schemas';

/**
 * Cohort announcements: admins, and a cohort's instructors and coaches, post to the cohorts they
 * reach, now or at a later time; students read their cohorts' published ones, each with its read state.
 */
export const announcementsRoutes = defineRoutes({
  announcementCohorts: {
    method: 'GET',
    path: 'announcements/staff/cohorts',
    response: AnnouncementCohortsResponseSchema,
    auth: 'staff',
    summary: 'The cohorts the caller may post to: every open cohort for an admin, those they teach or coach for staff',
  },
  announcementsStaff: {
    method: 'GET',
    path: 'announcements/staff',
    response: StaffAnnouncementsResponseSchema,
    auth: 'staff',
    summary: 'Announcements to the cohorts the caller reaches, scheduled and sent, pinned first then newest',
  },
  announcementCreate: {
    method: 'POST',
    path: 'announcements/staff',
    body: SaveAnnouncementSchema,
    response: StaffAnnouncementResponseSchema,
    auth: 'staff',
    successStatus: 201,
    summary: 'Posts an announcement to one or several cohorts, now or at a later time (a limited number an hour)',
  },
  announcementUpdate: {
    method: 'PATCH',
    path: 'announcements/staff/:announcementId',
    params: AnnouncementIdParamsSchema,
    body: UpdateAnnouncementSchema,
    response: StaffAnnouncementResponseSchema,
    auth: 'staff',
    summary: 'Changes an announcement; one already sent is marked edited',
  },
  announcementCancel: {
    method: 'POST',
    path: 'announcements/staff/:announcementId/cancel',
    params: AnnouncementIdParamsSchema,
    body: z.strictObject({}),
    response: StaffAnnouncementResponseSchema,
    auth: 'staff',
    summary: 'Cancels a scheduled announcement before it goes out',
  },
  myAnnouncements: {
    method: 'GET',
    path: 'announcements/mine',
    response: StudentAnnouncementsResponseSchema,
    auth: 'user',
    summary: "The published announcements of the student's cohorts, unread first then newest, and the unread count",
  },
  classAnnouncements: {
    method: 'GET',
    path: 'announcements/class/:cohortId',
    params: CohortAnnouncementsParamsSchema,
    response: StudentAnnouncementsResponseSchema,
    auth: 'user',
    summary: "One cohort's published announcements for its student, unread first then newest, and their unread count",
  },
  announcementRead: {
    method: 'POST',
    path: 'announcements/:announcementId/read',
    params: AnnouncementIdParamsSchema,
    body: z.strictObject({}),
    response: UnreadAnnouncementsResponseSchema,
    auth: 'user',
    summary: "Marks an announcement of the student's cohorts read; answers the student's unread count",
  },
});
