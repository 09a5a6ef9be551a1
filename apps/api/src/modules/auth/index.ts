/**
 * What the app's root and start-up code may use of auth: the module, and the password hash that
 * the account commands (`pnpm create-user`), the demo seed and the benchmark's school write with.
 */
export { AuthModule } from './auth.module';
export { hashPassword } from './password.service';
