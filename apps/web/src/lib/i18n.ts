import { FALLBACK_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@carbonledger/contracts';
import i18n, { type BackendModule, type LanguageDetectorModule, type PostProcessorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en/translation.json';

export const LANGUAGE_OPTIONS: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'pt', label: 'Português' },
  { code: 'es', label: 'Español' },
];

type Texts = { default: ResourceKey };

async function bothParts(publicTexts: Promise<Texts>, signedInTexts: Promise<Texts>): Promise<Texts> {
  const [publicPart, signedInPart] = await Promise.all([publicTexts, signedInTexts]);
  return { default: { ...(publicPart.default as object), ...(signedInPart.default as object) } };
}

/**
 * English ships with the app (it is the fallback), but only the texts of the signed-out
 * screens and the shell: the signed-in screens' texts (signed-in.json) load with the
 * signed-in frame. The other languages load whole when chosen.
 */
const LAZY_LOCALES: Partial<Record<Language, () => Promise<Texts>>> = {
  pt: () => bothParts(import('../locales/pt/translation.json'), import('../locales/pt/signed-in.json')),
  es: () => bothParts(import('../locales/es/translation.json'), import('../locales/es/signed-in.json')),
};

/** Adds the English texts of the signed-in screens; the signed-in frame waits for it before it renders. */
export async function loadSignedInTexts() {
  const signedIn = await import('../locales/en/signed-in.json');
  i18n.addResourceBundle('en', 'translation', signedIn.default, true, false);
}

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

/** The user's earlier choice, then the browser's languages, then the page's own lang attribute. */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init: () => undefined,
  detect: () =>
    [readStoredLanguage(), ...(navigator.languages ?? [navigator.language]), document.documentElement.lang].filter((code): code is string => Boolean(code)),
  cacheUserLanguage: (language) => {
    try {
      localStorage.setItem(STORAGE_KEYS.language, language);
    } catch {
      // Storage is refused (private mode): the choice lasts for this visit only.
    }
  },
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

/**
 * A sentence that ends with a name ending in its own period ("… at Verde Energia S.A.") keeps
 * one period, not "S.A..". Only a pair is collapsed: an ellipsis ("...") stays.
 */
const singleFullStop: PostProcessorModule = {
  type: 'postProcessor',
  name: 'singleFullStop',
  process: (value: string) => value.replace(/(?<!\.)\.\.(?!\.)/g, '.'),
};

export async function initI18n() {
  await i18n
    .use(singleFullStop)
    .use(lazyLocales)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      interpolation: { escapeValue: false },
      postProcess: [singleFullStop.name],
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

/** docs/product.md §4: a change is refused while another runs or when the language would not change. */
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
