import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into dist/ and served by the API at one origin. `pnpm build` also makes an SSR build of
// src/entry-server.tsx and prerenders every public page into dist/ (scripts/prerender.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  // Workspace packages are TypeScript source and import assets: bundle them into the SSR build.
  ssr: { noExternal: [/^@school\//] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
