import { Global, Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { ReadinessChecks } from './readiness';

/** Health and readiness; ReadinessChecks is global so that any module can register its dependency's check. */
@Global()
@Module({ controllers: [HealthController], providers: [ReadinessChecks], exports: [ReadinessChecks] })
export class HealthModule {}
