import '@school/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// Prerendered pages are hydrated; the dev server's empty shell is rendered.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
