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

function textsFor(language: string | undefined): HelpArticles {
  const base = (language ?? '').split('-')[0] ?? '';
  return TEXTS[(LANGUAGES as readonly string[]).includes(base) ? (base as Language) : FALLBACK_LANGUAGE];
}

function articleOf(texts: HelpArticles, slug: HelpSlug): HelpArticle {
  return { slug, related: RELATED[slug], ...texts[slug] };
}

/** The interface language's articles (a regional code like pt-BR reads pt; an unknown one English). */
export function helpArticles(language: string | undefined): HelpArticle[] {
  const texts = textsFor(language);
  return HELP_SLUGS.map((slug) => articleOf(texts, slug));
}

/** The article with that slug, for a slug from an address; undefined when there is none. */
export function helpArticle(language: string | undefined, slug: string | null | undefined): HelpArticle | undefined {
  return isHelpSlug(slug) ? articleOf(textsFor(language), slug) : undefined;
}

/** A known article and the ones it relates to, in the interface language. */
export function helpArticleWithRelated(language: string | undefined, slug: HelpSlug): { article: HelpArticle; related: HelpArticle[] } {
  const texts = textsFor(language);
  return { article: articleOf(texts, slug), related: RELATED[slug].map((other) => articleOf(texts, other)) };
}
