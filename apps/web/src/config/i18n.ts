import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCAL_STORAGE_KEYS, type Locale } from '@drp/domain';
import type { Language } from './languages/language';
import { loadLanguage, storedLocale } from './languages/load-language';

/**
 * The app's texts come in two parts per language (languages/load-language.ts): those of the
 * sign-in page and of what every page shows, loaded before the first render, and those of the
 * other screens, which the router loads with the first of them (`loadScreenTexts`) together with
 * dayjs and its locale (only those screens format dates). A language switch loads the same parts
 * of the new language before i18next changes to it.
 */
const loaded = new Map<Locale, Language>();
/** Languages whose screen texts are loaded, with the name dayjs knows each by. */
const withScreens = new Map<Locale, string>();
let screensWanted = false;
/** The language being switched to, which dayjs follows from the start of the switch. */
let switchingTo: Locale | null = null;

async function ensureLanguage(locale: Locale): Promise<Language> {
  let language = loaded.get(locale);
  if (!language) {
    language = await loadLanguage(locale);
    i18n.addResourceBundle(locale, 'translation', language.signIn, true, true);
    loaded.set(locale, language);
  }
  if (screensWanted && !withScreens.has(locale)) {
    const [messages, dayjsName] = await Promise.all([language.screens(), language.dayjs()]);
    i18n.addResourceBundle(locale, 'translation', messages, true, true);
    withScreens.set(locale, dayjsName);
  }
  return language;
}

/** dayjs speaks the shown language (or the one being switched to) once screens need it. */
async function applyDayjsLocale() {
  if (withScreens.size === 0) return;
  const { default: dayjs } = await import('dayjs');
  const name = withScreens.get(switchingTo ?? currentLocale());
  if (name) dayjs.locale(name);
}

let started: Promise<void> | undefined;

/**
 * Loads the stored language and starts i18next with it; the app renders once this resolves.
 * Once: the router, created before, may already be asking for screen texts.
 */
export function startI18n(): Promise<void> {
  started ??= (async () => {
    const locale = storedLocale();
    const language = await loadLanguage(locale);
    loaded.set(locale, language);
    await i18n.use(initReactI18next).init({
      resources: { [locale]: { translation: language.signIn } },
      lng: locale,
      fallbackLng: 'zh-CN',
      interpolation: { escapeValue: false },
    });
    document.documentElement.lang = i18n.language;
  })();
  return started;
}

/**
 * The texts of every screen beyond sign-in, and dayjs in the shown language; the router awaits
 * them. For every language loaded so far, so a switch under way (its first part already checked
 * for screens) cannot end without them.
 */
export async function loadScreenTexts() {
  screensWanted = true;
  await startI18n();
  await Promise.all([...loaded.keys()].map(ensureLanguage));
  await applyDayjsLocale();
}

export function currentLocale(): Locale {
  return i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** The shown language's antd locale (Providers applies it). */
export function currentLanguage(): Language {
  return loaded.get(currentLocale())!;
}

export async function changeLocale(locale: Locale) {
  switchingTo = locale;
  try {
    await ensureLanguage(locale);
    await applyDayjsLocale();
    localStorage.setItem(LOCAL_STORAGE_KEYS.locale, locale);
    document.documentElement.lang = locale;
    await i18n.changeLanguage(locale);
  } finally {
    if (switchingTo === locale) switchingTo = null;
  }
}

export { i18n };
