import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/http';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Errors that a retry cannot fix (4xx) are shown at once.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const zh = i18n.language !== 'en-US';
  dayjs.locale(zh ? 'zh-cn' : 'en');
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={zh ? zhCN : enUS}
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
