import type { LOCAL_STORAGE_KEYS, Locale } from '@drp/domain';
import type { Language } from './language';

/**
 * Each language is a chunk of its own, so a page downloads only the language it shows and the
 * other one when the user switches; the sign-in page also leaves out the other screens' texts
 * (Language.screens). main.tsx starts the download beside the app's code instead
 * of after it, so this module imports nothing at run time: the domain package would bring its
 * zod schemas into the entry chunk (the key is spelt out; its type keeps it equal to the domain's).
 */
const LOCALE_KEY: (typeof LOCAL_STORAGE_KEYS)['locale'] = 'drp.locale';

const LOADERS: Record<Locale, () => Promise<{ language: Language }>> = {
  'zh-CN': () => import('./zh-CN'),
  'en-US': () => import('./en-US'),
};

/** The stored choice, else zh-CN (the platform's language). */
export function storedLocale(): Locale {
  return localStorage.getItem(LOCALE_KEY) === 'en-US' ? 'en-US' : 'zh-CN';
}

export async function loadLanguage(locale: Locale): Promise<Language> {
  return (await LOADERS[locale]()).language;
}
