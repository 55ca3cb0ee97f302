import { FALLBACK_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@carbonledger/contracts';
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';

export const LANGUAGE_OPTIONS: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'pt', label: 'Português' },
  { code: 'es', label: 'Español' },
];

/** English ships with the app (it is the fallback); the other languages load when chosen. */
const LAZY_LOCALES: Partial<Record<Language, () => Promise<{ default: ResourceKey }>>> = {
  pt: () => import('../locales/pt/translation.json'),
  es: () => import('../locales/es/translation.json'),
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LAZY_LOCALES[language as Language];
    if (!load) return callback(null, language === 'en' ? en : {});
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

export async function initI18n() {
  await i18n
    .use(lazyLocales)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      interpolation: { escapeValue: false },
      detection: {
        order: ['localStorage', 'navigator', 'htmlTag'],
        lookupLocalStorage: STORAGE_KEYS.language,
        caches: ['localStorage'],
      },
      returnNull: false,
    });
  document.documentElement.lang = currentLanguage();
  i18n.on('languageChanged', () => {
    document.documentElement.lang = currentLanguage();
  });
  return i18n;
}

export function currentLanguage(): Language {
  const resolved = (i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE).slice(0, 2);
  return (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : FALLBACK_LANGUAGE;
}

let changeInProgress = false;

/** SPEC §4: a change is refused while another runs or when the language would not change. */
export async function changeLanguage(language: Language): Promise<boolean> {
  if (changeInProgress || language === currentLanguage()) return false;
  changeInProgress = true;
  try {
    await i18n.changeLanguage(language);
    return true;
  } finally {
    changeInProgress = false;
  }
}

export { i18n };
