import type { ViteUserConfig } from 'vitest/config';

/** The unit-test settings every React package shares: jsdom, the package's setup file, tests beside the source. */
export function componentTestConfig(test: NonNullable<ViteUserConfig['test']> = {}): ViteUserConfig {
  return {
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/test-setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Above the setup's 30 s asyncUtilTimeout, so a slow wait fails with the screen it waited on.
      testTimeout: 120_000,
      ...test,
    },
  };
}
