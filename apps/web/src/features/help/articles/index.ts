import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@carbonledger/contracts';
import { en } from './en';
import { es } from './es';
import { pt } from './pt';
import { HELP_SLUGS, type HelpArticle, type HelpArticles, type HelpSlug } from './types';

export { HELP_SLUGS, type HelpArticle, type HelpSection, type HelpSlug } from './types';

const TEXTS: Readonly<Record<Language, HelpArticles>> = { en, pt, es };

/** What to read next from each article; the same in every language. */
const RELATED: Readonly<Record<HelpSlug, readonly HelpSlug[]>> = {
  'getting-started': ['roles-and-permissions', 'wallet-approval', 'kyc'],
  'roles-and-permissions': ['getting-started', 'support'],
  'wallet-approval': ['phantom-custom-token', 'minting', 'retiring-and-certificates'],
  minting: ['wallet-approval', 'phantom-custom-token', 'retiring-and-certificates'],
  'retiring-and-certificates': ['verification', 'kyc', 'wallet-approval'],
  verification: ['retiring-and-certificates', 'api-and-webhooks'],
  kyc: ['retiring-and-certificates', 'getting-started', 'support'],
  'api-and-webhooks': ['verification', 'roles-and-permissions'],
  'phantom-custom-token': ['wallet-approval', 'minting'],
  support: ['getting-started', 'roles-and-permissions'],
};

export function isHelpSlug(value: string | null | undefined): value is HelpSlug {
  return (HELP_SLUGS as readonly string[]).includes(value ?? '');
}

/** The interface language's articles (a regional code like pt-BR reads pt; an unknown one English). */
export function helpArticles(language: string | undefined): HelpArticle[] {
  const base = (language ?? '').split('-')[0];
  const texts = TEXTS[(LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : FALLBACK_LANGUAGE];
  return HELP_SLUGS.map((slug) => ({ slug, related: RELATED[slug], ...texts[slug] }));
}

export function helpArticle(language: string | undefined, slug: string | null | undefined): HelpArticle | undefined {
  return isHelpSlug(slug) ? helpArticles(language).find((article) => article.slug === slug) : undefined;
}
