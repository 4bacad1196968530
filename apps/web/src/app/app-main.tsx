import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import '../config/i18n';
import '../styles.css';
import { Providers } from './providers';
import { router } from './router';

/**
 * The signed-in app (antd, every feature). main.tsx loads it by dynamic import for every path
 * outside the public portal, so portal readers never download it.
 */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
