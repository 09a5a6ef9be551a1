import { Controller, Header, Inject } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../../common/auth.decorators';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CertificatesService } from './certificates.service';
import { OpenBadgesService } from './open-badges';

@Controller()
export class CertificatesController {
  constructor(
    @Inject(CertificatesService) private readonly certificates: CertificatesService,
    @Inject(OpenBadgesService) private readonly badges: OpenBadgesService,
  ) {}

  @Route('adminCertificateList')
  list(@RouteQuery() q: QueryOf<'adminCertificateList'>) {
    return this.certificates.list(q);
  }

  @Route('adminCertificateCreate')
  create(@RouteBody() body: BodyOf<'adminCertificateCreate'>) {
    return this.certificates.create(body);
  }

  @Route('adminAddCertificate')
  addToCohort(@RouteParams() p: ParamsOf<'adminAddCertificate'>, @RouteBody() body: BodyOf<'adminAddCertificate'>) {
    return this.certificates.addToCohort(p.cohortId, body.certificate_id_slug);
  }

  @Route('adminCertificateRules')
  rules(@RouteParams() p: ParamsOf<'adminCertificateRules'>) {
    return this.certificates.rules(p.cohortId);
  }

  @Route('adminUpdateCertificateRules')
  updateRules(@RouteParams() p: ParamsOf<'adminUpdateCertificateRules'>, @RouteBody() body: BodyOf<'adminUpdateCertificateRules'>) {
    return this.certificates.updateRules(p.cohortId, p.certificateId, body);
  }

  @Route('adminIssuedCertificates')
  issued(@RouteParams() p: ParamsOf<'adminIssuedCertificates'>, @RouteQuery() q: QueryOf<'adminIssuedCertificates'>) {
    return this.certificates.issued(p.cohortId, q);
  }

  @Route('adminIssuedCertificatesExport')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="certificates.csv"')
  issuedExport(@RouteParams() p: ParamsOf<'adminIssuedCertificatesExport'>, @RouteQuery() q: QueryOf<'adminIssuedCertificatesExport'>) {
    return this.certificates.issuedCsv(p.cohortId, q.state);
  }

  @Route('adminIssueCertificate')
  issue(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminIssueCertificate'>,
    @RouteBody() body: BodyOf<'adminIssueCertificate'>,
  ) {
    return this.certificates.issue(me.id, p.cohortId, p.certificateId, body.user_id_slug, body.reason);
  }

  @Route('adminRevokeCertificate')
  revoke(
    @CurrentUser() me: AuthUser,
    @RouteParams() p: ParamsOf<'adminRevokeCertificate'>,
    @RouteBody() body: BodyOf<'adminRevokeCertificate'>,
  ) {
    return this.certificates.revoke(me.id, p.credentialId, body.reason);
  }

  @Route('verifyCredential')
  verify(@RouteParams() p: ParamsOf<'verifyCredential'>) {
    return this.certificates.verify(p.credentialId);
  }

  @Route('credentialBadge')
  @Header('Content-Type', 'application/vc+jwt')
  badge(@RouteParams() p: ParamsOf<'credentialBadge'>) {
    return this.badges.badge(p.credentialId);
  }

  @Route('credentialBadgeJson')
  @Header('Content-Disposition', 'attachment; filename="open-badge.json"')
  async badgeJson(@RouteParams() p: ParamsOf<'credentialBadgeJson'>) {
    return this.badges.envelopedBadge(p.credentialId);
  }

  @Route('credentialStatusList')
  @Header('Content-Type', 'application/vc+jwt')
  @Header('Cache-Control', 'no-cache')
  statusList() {
    return this.badges.statusList();
  }

  @Route('credentialIssuerKeys')
  issuerKeys() {
    return this.badges.jwks();
  }
}
