import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { WrongSecretLimit } from '../../common/wrong-secret-limit';
import { NotificationsService } from './notifications.service';

@Controller()
export class NotificationsController {
  constructor(@Inject(NotificationsService) private readonly notifications: NotificationsService) {}

  @Route('notificationPreferences')
  @Header('Cache-Control', 'no-store')
  async preferences(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'notificationPreferences'>) {
    return { preferences: await this.notifications.preferences(me, p.userIdSlug) };
  }

  @Route('notificationPreferencesUpdate')
  @Header('Cache-Control', 'no-store')
  async update(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'notificationPreferencesUpdate'>,
    @RouteBody() body: BodyOf<'notificationPreferencesUpdate'>,
  ) {
    return { preferences: await this.notifications.update(me, p.userIdSlug, body) };
  }

  /** RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` to the header's URL, signed out. */
  @Route('unsubscribe')
  @WrongSecretLimit()
  async unsubscribe(@RouteQuery() q: QueryOf<'unsubscribe'>, @RouteBody() _body: BodyOf<'unsubscribe'>) {
    return this.notifications.unsubscribe(q.token);
  }
}
