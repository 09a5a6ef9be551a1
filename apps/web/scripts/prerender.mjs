// Writes a prerendered HTML file for every public page into dist/, from the SSR build in
// dist-ssr/ and the client build's dist/index.html (which holds the <!--app-html--> marker).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const ssrDir = join(root, 'dist-ssr');
const { render, prerenderPaths, NOT_FOUND_PATH } = await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href);

const template = await readFile(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-html-->')) throw new Error('dist/index.html has no <!--app-html--> marker');

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const escapeAttr = (s) => escapeHtml(s).replace(/"/g, '&quot;');

function page({ html, title, description }, { fallback = false } = {}) {
  let out = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (description)
    out = out.replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${escapeAttr(description)}" />`);
  // The 404 page is rendered fresh in the browser: the route it was served for may differ.
  if (fallback) out = out.replace('<div id="root">', '<div id="root" data-fallback="404">');
  return out.replace('<!--app-html-->', html);
}

/** /courses -> courses.html, /courses/course-0 -> courses/course-0.html (the API serves both). */
function fileFor(path) {
  return path === '/' ? 'index.html' : `${path.replace(/^\/+|\/+$/g, '')}.html`;
}

const started = Date.now();
for (const path of prerenderPaths) {
  const file = join(dist, fileFor(path));
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, page(await render(path)));
}
await writeFile(join(dist, '404.html'), page(await render(NOT_FOUND_PATH), { fallback: true }));
await rm(ssrDir, { recursive: true, force: true });
console.log(`Prerendered ${prerenderPaths.length + 1} pages in ${Date.now() - started} ms`);
