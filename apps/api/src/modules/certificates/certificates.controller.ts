import { Controller, Inject } from '@nestjs/common';
import { type BodyOf, type ParamsOf, type QueryOf, Route, RouteBody, RouteParams, RouteQuery } from '../../common/route.decorator';
import { CertificatesService } from './certificates.service';

@Controller()
export class CertificatesController {
  constructor(@Inject(CertificatesService) private readonly certificates: CertificatesService) {}

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
}
