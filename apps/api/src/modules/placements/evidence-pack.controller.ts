import { Controller, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type ParamsOf, Route, RouteParams } from '../../common/route.decorator';
import { contentDisposition } from '../../platform/storage/storage.service';
import { EvidencePackService } from './evidence-pack.service';

/** Evidence packs: a trainee's PDF or CSV (the trainee, their coach, admins) and the cohort's ZIP job (admins). */
@Controller()
export class EvidencePackController {
  constructor(@Inject(EvidencePackService) private readonly packs: EvidencePackService) {}

  @Route('myEvidencePack')
  async mine(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'myEvidencePack'>, @Res() res: Response) {
    send(res, await this.packs.mine(me, p.placementId, p.format));
  }

  @Route('staffEvidencePack')
  async staff(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'staffEvidencePack'>, @Res() res: Response) {
    send(res, await this.packs.forStaff(me, p.placementId, p.format));
  }

  @Route('adminCohortEvidencePacks')
  list(@RouteParams() p: ParamsOf<'adminCohortEvidencePacks'>) {
    return this.packs.list(p.cohortId);
  }

  @Route('adminRequestCohortEvidencePack')
  request(@CurrentUser() me: AuthUser, @RouteParams() p: ParamsOf<'adminRequestCohortEvidencePack'>) {
    return this.packs.request(me, p.cohortId);
  }
}

function send(res: Response, f: { file: Buffer; name: string; type: string }) {
  res.setHeader('Content-Type', f.type);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', contentDisposition(f.name, true));
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(f.file);
}
