import { defineConfig } from 'vitest/config';

/**
 * Files that need modules of their own: they read the log through nestjs-pino, whose root logger is
 * set once per process, or count work done by a module-level cache.
 */
const OWN_MODULES = [
  'test/platform/logging.api.test.ts',
  'test/platform/mail-failures.api.test.ts',
  'test/common/answer-check.api.test.ts',
  'src/modules/timeline/resolve-timeline.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // A worker runs its files one after another in one module graph: loading NestJS, TypeORM and the
        // app again for each of 150 files took more time than their tests.
        test: {
          name: 'api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: OWN_MODULES,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api (own modules)', include: OWN_MODULES } },
    ],
  },
});
