/** What other modules may use of career support: the module. */
export { CareersModule } from './careers.module';
