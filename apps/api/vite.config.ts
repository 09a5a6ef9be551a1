import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The API is bundled for Node: workspace packages (TypeScript source) are inlined,
// everything from node_modules stays external and is loaded by Node at run time.
export default defineConfig({
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        main: 'src/main.ts',
        worker: 'src/worker.ts',
        'create-user': 'src/startup/create-user.cli.ts',
        'storage-migrate': 'src/startup/storage-migrate.cli.ts',
        backup: 'src/startup/backup.cli.ts',
        restore: 'src/startup/restore.cli.ts',
        ...(existsSync('bench/bench.cli.ts') ? { bench: 'bench/bench.cli.ts' } : {}),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      // The transformer's own helpers (decorators) are inlined too.
      external: (id) =>
        !id.startsWith('@school/') &&
        !id.startsWith('@oxc-project/runtime') &&
        !id.startsWith('.') &&
        !id.startsWith('/') &&
        !id.startsWith('\0') &&
        (builtinModules.includes(id.replace(/^node:/, '')) || /^[@a-z]/i.test(id)),
    },
  },
  ssr: { noExternal: [/^@school\//] },
  // Mail templates render on the server: the production JSX runtime whatever NODE_ENV the build runs under
  // (a build started from the tests would otherwise emit jsxDEV calls that production React lacks).
  oxc: { jsx: { runtime: 'automatic', development: false } },
});
