import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, Route, RouteBody, RouteParams } from '../../common/route.decorator';
import { AnnouncementsService } from './announcements.service';

/** Cohort announcements: staff post and manage them; students read theirs. */
@Controller()
export class AnnouncementsController {
  constructor(@Inject(AnnouncementsService) private readonly announcements: AnnouncementsService) {}

  @Route('announcementCohorts')
  cohorts(@CurrentUser() me: AuthUser) {
    return this.announcements.cohorts(me);
  }

  @Route('announcementsStaff')
  @Header('Cache-Control', 'no-store')
  staff(@CurrentUser() me: AuthUser) {
    return this.announcements.staffList(me);
  }

  @Route('announcementCreate')
  create(@CurrentUser() me: AuthUser, @RouteBody() body: BodyOf<'announcementCreate'>) {
    return this.announcements.create(me, body);
  }

  @Route('announcementUpdate')
  update(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'announcementUpdate'>, @RouteBody() body: BodyOf<'announcementUpdate'>) {
    return this.announcements.update(me, p.announcementId, body);
  }

  @Route('announcementCancel')
  cancel(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'announcementCancel'>, @RouteBody() _body: BodyOf<'announcementCancel'>) {
    return this.announcements.cancel(me, p.announcementId);
  }

  @Route('myAnnouncements')
  @Header('Cache-Control', 'no-store')
  mine(@CurrentUser() me: AuthUser) {
    return this.announcements.mine(me);
  }

  @Route('classAnnouncements')
  @Header('Cache-Control', 'no-store')
  ofClass(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'classAnnouncements'>) {
    return this.announcements.ofClass(me, p.cohortId);
  }

  @Route('announcementRead')
  read(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'announcementRead'>, @RouteBody() _body: BodyOf<'announcementRead'>) {
    return this.announcements.read(me, p.announcementId);
  }
}
