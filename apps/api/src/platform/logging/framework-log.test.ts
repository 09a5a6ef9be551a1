import type { LoggerService } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import { quietFramework } from './framework-log';

describe('quietFramework', () => {
  it('logs Nest’s route mapping and module loading at debug, the school’s own lines at info', () => {
    const inner = { log: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies LoggerService;
    const logger = quietFramework(inner);
    logger.log('Mapped {/api/health, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('No SMTP_URL: mail goes to the development mailbox', 'MailService');
    logger.warn('a warning', 'RouterExplorer');
    expect(inner.debug.mock.calls).toEqual([
      ['Mapped {/api/health, GET} route', 'RouterExplorer'],
      ['AppModule dependencies initialized', 'InstanceLoader'],
    ]);
    expect(inner.log.mock.calls).toEqual([['No SMTP_URL: mail goes to the development mailbox', 'MailService']]);
    expect(inner.warn).toHaveBeenCalledWith('a warning', 'RouterExplorer');
  });
});
