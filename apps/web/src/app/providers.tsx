import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../config/i18n';
import { ApiError } from '../lib/http';
import { throwWhenRecordMissing } from '../lib/not-found';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Errors that a retry cannot fix (4xx) are shown at once.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      // A page's record that is missing (or whose id in the address is malformed) shows the 404 page.
      throwOnError: throwWhenRecordMissing,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  // Re-rendered on a language change; the language's chunk (antd's locale among it) is loaded
  // before i18next switches, and dayjs's locale set (config/i18n.ts).
  useTranslation();
  const language = currentLanguage();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language.antd}
        // antd's descriptions (form hints, secondary text, result subtitles: 45 % black), link
        // buttons (its default blue) and danger red fall short of WCAG AA contrast on white;
        // these meet it.
        theme={{
          token: {
            colorPrimary: '#1f5fbf',
            colorLink: '#1f5fbf',
            colorError: '#cf1322',
            borderRadius: 4,
            colorTextDescription: 'rgba(0, 0, 0, 0.6)',
            // A select's placeholder is shown text (全部类型), so it must meet 4.5:1 as well.
            colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
          },
        }}
      >
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
