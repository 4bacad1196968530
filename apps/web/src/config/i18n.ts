import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCAL_STORAGE_KEYS, LOCALES, type Locale } from '@drp/domain';
import { zhCN } from './locales/zh-CN';
import { enUS } from './locales/en-US';

function initialLocale(): Locale {
  const stored = localStorage.getItem(LOCAL_STORAGE_KEYS.locale);
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: initialLocale(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
});
document.documentElement.lang = i18n.language;

export function currentLocale(): Locale {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

export async function changeLocale(locale: Locale) {
  localStorage.setItem(LOCAL_STORAGE_KEYS.locale, locale);
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export { i18n };
