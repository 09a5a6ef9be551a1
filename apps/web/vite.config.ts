import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * In the browser build, @school/ui's session provider gets src/lib/lazy-api-client.ts instead of
 * @school/contracts, so the zod-validated client loads on the first call instead of with the
 * landing page. Every other import of @school/contracts is left alone.
 */
function lazySessionClient(): Plugin {
  const replacement = fileURLToPath(new URL('./src/lib/lazy-api-client.ts', import.meta.url));
  return {
    name: 'school-web:lazy-session-client',
    enforce: 'pre',
    apply: (_, env) => !env.isSsrBuild,
    resolveId(source, importer) {
      if (source === '@school/contracts' && importer && /[\\/]packages[\\/]ui[\\/]src[\\/]session[\\/]session\.tsx$/.test(importer)) {
        return replacement;
      }
      return null;
    },
  };
}

// Built into dist/ and served by the API at one origin. `pnpm build` also makes an SSR build of
// src/entry-server.tsx and prerenders every public page into dist/ (scripts/prerender.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [lazySessionClient(), react()],
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : // One stylesheet for the whole site: features import their CSS, and a prerendered page must be
      // styled before its lazily loaded feature chunk arrives.
      { outDir: 'dist', emptyOutDir: true, sourcemap: false, cssCodeSplit: false },
  // Workspace packages are TypeScript source and import assets: bundle them into the SSR build.
  ssr: { noExternal: [/^@school\//] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
