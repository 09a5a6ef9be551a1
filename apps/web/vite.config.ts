import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { SCHOOL_NAME } from '../../packages/contracts/src/common/school';

/** index.html's %SCHOOL_NAME% is the school's one name (packages/contracts common/school.ts). */
const schoolName: Plugin = { name: 'school-name', transformIndexHtml: (html) => html.replaceAll('%SCHOOL_NAME%', SCHOOL_NAME) };

// Built into dist/ and served by the API at one origin. `pnpm build` also makes an SSR build of
// src/entry-server.tsx and prerenders every public page into dist/ (scripts/prerender.mjs).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), schoolName],
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // One stylesheet for the whole site: features import their CSS, and a prerendered page must be
        // styled before its lazily loaded feature chunk arrives.
        cssCodeSplit: false,
        // The contracts (the API client, route table and schemas, with zod) load on demand: the
        // session imports its client on the first call, pages that validate a form when they load.
        // One chunk of their own (and `sideEffects: false` in their package) keeps the bundler
        // from merging them into, or tying them with a bare import to, a chunk of the first load.
        // The school's name (common/school.ts, read by the logo on every page) is a tiny chunk of its own,
        // captured first (higher priority) so the contracts group does not pull it in as a dependency.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'school-name', test: /[\\/]packages[\\/]contracts[\\/]src[\\/]common[\\/]school\.ts$/, priority: 2 },
                { name: 'contracts', test: /[\\/]packages[\\/]contracts[\\/]/, priority: 1 },
              ],
            },
          },
        },
      },
  // Workspace packages are TypeScript source and import assets: bundle them into the SSR build.
  ssr: { noExternal: [/^@school\//] },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
