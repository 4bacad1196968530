import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startI18n } from '../config/i18n';
import '../styles.css';
import { Providers } from './providers';
import { router } from './router';

/**
 * The signed-in app. main.tsx loads it by dynamic import for every path outside the public
 * portal, so portal readers never download it, and starts it. Its screens load by route
 * (router.tsx): the router has begun loading the page's screens by the time the texts of the
 * stored language arrive (main.tsx started that download too), and the first render speaks
 * that language. (A function rather than top-level await: a module with top-level await turns
 * off the bundler's merging of small shared chunks.)
 */
export async function startApp() {
  await startI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
