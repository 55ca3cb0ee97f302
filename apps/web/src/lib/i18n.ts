import { FALLBACK_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@carbonledger/contracts';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import pt from '../locales/pt/translation.json';

export const LANGUAGE_OPTIONS: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'pt', label: 'Português' },
  { code: 'es', label: 'Español' },
];

export async function initI18n() {
  await i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, pt: { translation: pt }, es: { translation: es } },
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
