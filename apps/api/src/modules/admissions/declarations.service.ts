import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AssignmentKind, Declaration, DeclarationResponse } from '@school/contracts';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth.decorators';
import * as sql from './admissions.queries';

import * as declarations from './declarations.queries';

const notFound = () => new NotFoundException('Application not found');

/**
 * Conflicts of interest: before an assigned application opens, its reviewer (or a member of the
 * panel of the slot its applicant booked) says whether they have a conflict with the applicant
 * (whose name they see on that question only). No conflict opens the review (or the interview); a
 * conflict ends the assignment and stays on the application for the admins. Each step
 * that shows the name, and each conflict, is written to the application's audit log.
 */
@Injectable()
export class DeclarationsService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async declaration(me: AuthUser, kind: AssignmentKind, idSlug: string): Promise<DeclarationResponse> {
    const row = await declarations.assignmentDeclaration(this.db, kind, idSlug, me.id);
    if (!row?.assigned) throw notFound();
    await sql.recordView(this.db, row.id, me.id, kind === 'review' ? 'admissionsReviewDeclaration' : 'admissionsInterviewDeclaration');
    return { data: { applicant_name: row.full_name, declared: row.declared } };
  }

  declare(me: AuthUser, kind: AssignmentKind, idSlug: string, body: Declaration) {
    return this.db.transaction(async (m) => {
      const [app] = await sql.lockApplications(m, [idSlug]);
      const row = app && (await declarations.assignmentDeclaration(m, kind, idSlug, me.id));
      if (!row?.assigned) throw notFound();
      const assigned = await declarations.declare(m, kind, row.id, me.id, body.conflict, body.note);
      if (body.conflict) await sql.recordView(m, row.id, me.id, 'admissionsConflictDeclared');
      return { data: { conflict: body.conflict, assigned } };
    });
  }

  async conflicts(idSlug: string) {
    const id = await sql.applicationIdOf(this.db, idSlug);
    if (!id) throw notFound();
    return { data: await declarations.conflicts(this.db, id) };
  }
}
