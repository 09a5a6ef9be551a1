import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { AnswerCheckInterceptor } from './common/answer-check.interceptor';
import { JwtAuthGuard, RolesGuard } from './common/auth.guards';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { PostgresThrottlerStorage } from './common/postgres-throttler-storage';
import { AppConfig } from './config/app-config';
import { AuthModule } from './modules/auth';
import { JWT_SECRET, resolveJwtSecret } from './common/jwt-secret';
import { DocsModule } from './modules/docs/docs.module';
import { FormsModule } from './modules/forms/forms.module';
import { ApplicationsModule } from './modules/applications';
import { HealthModule } from './platform/health/health.module';
import { CoursesModule } from './modules/courses/courses.module';
import { CohortsModule } from './modules/cohorts/cohorts.module';
import { CoachingModule } from './modules/coaching';
import { AnnouncementsModule } from './modules/announcements';
import { EnrolmentsModule } from './modules/enrolments/enrolments.module';
import { CertificatesModule } from './modules/certificates/certificates.module';
import { StorageModule } from './platform/storage/storage.module';
import { LearningModule } from './modules/learning';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { GradingModule } from './modules/grading/grading.module';
import { QuizzesModule } from './modules/quizzes/quizzes.module';
import { LessonMediaModule } from './modules/lesson-media/lesson-media.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { LiveSessionsModule } from './modules/live-sessions/live-sessions.module';
import { TimelineModule } from './modules/timeline';
import { FinanceModule } from './modules/finance';
import { AllowanceModule } from './modules/allowance/allowance.module';
import { PlacementsModule } from './modules/placements/placements.module';
import { CareersModule } from './modules/careers';
import { CalendarModule } from './modules/calendar/calendar.module';
import { MetricsModule } from './platform/metrics/metrics.module';
import { LoggerModule } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { loggingParams } from './platform/logging/logging';
import { JobsModule } from './platform/jobs/jobs.module';
import { MailModule } from './platform/mail/mail.module';

/** Configuration and the database, shared by every module. */
@Global()
@Module({})
class CoreModule {
  static register(config: AppConfig, dataSource: DataSource): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: DataSource, useValue: dataSource },
        { provide: JWT_SECRET, useValue: resolveJwtSecret(config) },
      ],
      exports: [AppConfig, DataSource, JWT_SECRET],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: AppConfig, dataSource: DataSource, logger: PinoLogger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(config, dataSource),
        LoggerModule.forRoot(loggingParams(logger)),
        HealthModule,
        MetricsModule,
        ThrottlerModule.forRootAsync({
          inject: [DataSource],
          useFactory: (db: DataSource) => ({
            throttlers: [{ name: 'default', ttl: 60_000, limit: 60 }],
            skipIf: () => config.DISABLE_RATE_LIMITS,
            storage: new PostgresThrottlerStorage(db),
          }),
        }),
        JobsModule,
        MailModule.register(config),
        AuthModule,
        StorageModule,
        LearningModule,
        LiveSessionsModule,
        TimelineModule,
        FinanceModule,
        AllowanceModule,
        PlacementsModule,
        CareersModule,
        CalendarModule,
        GradingModule,
        QuizzesModule,
        LessonMediaModule,
        CoursesModule,
        CohortsModule,
        CoachingModule,
        AnnouncementsModule,
        EnrolmentsModule,
        CertificatesModule,
        DocsModule,
        FormsModule,
        ApplicationsModule,
        NotificationsModule,
        DashboardModule,
      ],
      providers: [
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: AnswerCheckInterceptor },
      ],
    };
  }
}
