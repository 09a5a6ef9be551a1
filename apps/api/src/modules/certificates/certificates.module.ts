import { Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications';
import { CertificatesController } from './certificates.controller';
import { CertificatesService } from './certificates.service';
import { OpenBadgesService } from './open-badges';

@Module({
  imports: [NotificationsModule],
  controllers: [CertificatesController],
  providers: [CertificatesService, OpenBadgesService],
  exports: [CertificatesService, OpenBadgesService],
})
export class CertificatesModule {}
