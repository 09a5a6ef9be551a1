import { componentTestConfig } from '../../packages/ui/vitest.shared';
import { defineConfig } from 'vitest/config';

// Form tests fill dozens of fields; the shared machine can be slow.
export default defineConfig(componentTestConfig({ testTimeout: 20_000 }));
