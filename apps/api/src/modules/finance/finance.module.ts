import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { FinanceController } from './finance.controller';
import { FinanceService } from './finance.service';
import { PAYMENT_DETAILS_KEY, resolvePaymentKey } from './payment-key';

/** The finance permission, payment details and the audit log; exports the payment details key for the allowance. */
@Module({
  controllers: [FinanceController],
  providers: [FinanceService, { provide: PAYMENT_DETAILS_KEY, inject: [AppConfig], useFactory: resolvePaymentKey }],
  exports: [PAYMENT_DETAILS_KEY],
})
export class FinanceModule {}
