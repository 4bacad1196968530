import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@drp/domain';
import { changeLocale, currentLocale } from '../config/i18n';

export function LanguageSwitch() {
  useTranslation();
  return (
    <Segmented
      size="small"
      value={currentLocale()}
      options={[
        { value: 'zh-CN', label: '中文' },
        { value: 'en-US', label: 'English' },
      ]}
      onChange={(value) => void changeLocale(value as Locale)}
    />
  );
}
