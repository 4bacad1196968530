import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PortalApiError } from './api/portal-http';
import { articleQuery, homeQuery, siteQuery } from './api/portal-queries';
import { PortalI18nProvider } from './i18n/portal-i18n';
import { firstArticleId, isHomePath } from './portal-prefetch';
import { createPortalRouter } from './portal-router';
import './portal.css';

/**
 * The public portal's bundle (main.tsx imports it for /sys_out_sys/*): React, the router,
 * TanStack Query, its own texts and CSS. Nothing of the signed-in app comes along.
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 404 (draft, withdrawn, made-up id) is an answer, not a hiccup to retry.
      retry: (count, error) =>
        !(error instanceof PortalApiError && error.status >= 400 && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      // A first page's call that failed while the code loaded is shown as failed, not re-sent.
      retryOnMount: false,
    },
  },
});

/** Longest the first paint waits for the first page's data before showing placeholders. */
const FIRST_DATA_WAIT_MS = 1500;

/**
 * The first page's calls started in main.tsx while this code loaded; waiting for them (briefly)
 * lets the page render once, complete, instead of placeholders and then a second render.
 */
async function primeFirstPage() {
  const { pathname, search } = window.location;
  const id = firstArticleId(pathname, search);
  const queries = [
    queryClient.prefetchQuery(siteQuery),
    ...(isHomePath(pathname) ? [queryClient.prefetchQuery(homeQuery)] : []),
    ...(id ? [queryClient.prefetchQuery(articleQuery(id))] : []),
  ];
  await Promise.race([
    Promise.all(queries),
    new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS)),
  ]);
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  await primeFirstPage();
  // A transition lets React render in slices, so the first render is no single long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <PortalI18nProvider>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={createPortalRouter()} />
          </QueryClientProvider>
        </PortalI18nProvider>
      </StrictMode>,
    );
  });
}

void start();
