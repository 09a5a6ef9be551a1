import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { descriptionForPath, titleForPath } from './app/pages';

export { prerenderPaths } from './app/pages';

/** A path no route matches: rendered as the site's 404 page. */
export const NOT_FOUND_PATH = '/__not-found__';

export interface RenderedPage {
  html: string;
  title: string;
  description?: string;
}

/** Renders a path to HTML, waiting for every lazy page so the HTML is complete. */
export async function render(path: string): Promise<RenderedPage> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Never split a Suspense boundary out of the HTML: that needs inline scripts, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { html: Buffer.concat(chunks).toString('utf8'), title: titleForPath(path), description: descriptionForPath(path) };
}
