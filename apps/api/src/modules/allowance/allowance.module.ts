import { Module } from '@nestjs/common';
import { CertificatesModule } from '../certificates';
import { FinanceModule } from '../finance';
import { AllowanceController } from './allowance.controller';
import { AllowanceService } from './allowance.service';

@Module({
  imports: [CertificatesModule, FinanceModule],
  controllers: [AllowanceController],
  providers: [AllowanceService],
})
export class AllowanceModule {}
