import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '@school/contracts';

export const IS_PUBLIC = 'isPublic';
export const ROLES = 'roles';

/** Opts a route out of the deny-by-default authentication guard. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Restricts a route to the given roles (checked after authentication). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);

/** Staff roles that may use the admin console's calls. */
export const AdminOnly = () => Roles('ADMIN');

/** Staff (admins and instructors): the calls of reviewers, who see only what is theirs. */
export const StaffOnly = () => Roles('ADMIN', 'INSTRUCTOR');

/** The signed-in user, as carried by the access token. */
export interface AuthUser {
  id: string;
  id_slug: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.switchToHttp().getRequest().user;
});
