import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/ and served by the API at one origin; assets live under the app's own prefix.
export default defineConfig({
  base: '/_admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
