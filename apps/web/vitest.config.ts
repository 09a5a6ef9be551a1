import { componentTestConfig } from '../../packages/ui/vitest.shared';
import { defineConfig } from 'vitest/config';

export default defineConfig(componentTestConfig());
