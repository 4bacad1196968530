import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './config/i18n';
import './styles.css';
import { adoptTokenFromUrl } from './lib/session-store';
import { Providers } from './app/providers';
import { router } from './app/router';

adoptTokenFromUrl();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
