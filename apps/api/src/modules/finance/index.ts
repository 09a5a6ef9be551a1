/** What other modules may use of finance: the permission checks, the payment details key and their one read. */
export { FinanceModule } from './finance.module';
export { hasFinance, assertFinance } from './finance-permission';
export { PAYMENT_DETAILS_KEY, type PaymentKey } from './payment-key';
export { paymentDetailsOf, type PaymentDetails } from './payment-details.queries';
export { PaymentCipherError } from './payment-cipher';
