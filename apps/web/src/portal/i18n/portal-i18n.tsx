import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LOCALE_KEY, storedLocale, type PortalLocale } from '../portal-prefetch';
import { enUS } from './portal-messages-en-us';
import { zhCN, type MessageKey, type PortalMessages } from './portal-messages-zh-cn';

/**
 * A few lines instead of i18next: the portal has one flat table per language and `{name}`
 * placeholders. The language is the app's (localStorage 'drp.locale'), so a reader who chose
 * English in one keeps it in the other.
 */
const MESSAGES: Record<PortalLocale, PortalMessages> = { 'zh-CN': zhCN, 'en-US': enUS };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

interface PortalI18n {
  locale: PortalLocale;
  messages: PortalMessages;
  t: Translate;
  setLocale: (locale: PortalLocale) => void;
}

const I18nContext = createContext<PortalI18n | null>(null);

export function PortalI18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<PortalLocale>(() => {
    const initial = storedLocale();
    document.documentElement.lang = initial;
    return initial;
  });
  const setLocale = useCallback((next: PortalLocale) => {
    try {
      localStorage.setItem(LOCALE_KEY, next);
    } catch {
      // Private browsing without storage: the choice lasts for this page.
    }
    document.documentElement.lang = next;
    setLocaleState(next);
  }, []);
  const value = useMemo<PortalI18n>(() => {
    const messages = MESSAGES[locale];
    const t: Translate = (key, values) => {
      const text = messages.text[key];
      return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : text;
    };
    return { locale, messages, t, setLocale };
  }, [locale, setLocale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function usePortalI18n(): PortalI18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('usePortalI18n outside PortalI18nProvider');
  return value;
}
