import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { MailboxController } from './mailbox.controller';
import { MailService } from './mail.service';

/** Mail for every module; the development mailbox's routes exist only when mail goes to it. */
@Global()
@Module({})
export class MailModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: MailModule,
      controllers: config.devMailbox ? [MailboxController] : [],
      providers: [MailService],
      exports: [MailService],
    };
  }
}
