import { defineConfig } from 'vitest/config';
import { componentTestConfig } from './vitest.shared';

export default defineConfig(componentTestConfig({ css: false, restoreMocks: true }));
