/** What other modules may use of certificates: the module to import and the service that queues rule evaluations. */
export { CertificatesModule } from './certificates.module';
export { CertificatesService } from './certificates.service';
export { OpenBadgesService } from './open-badges';
