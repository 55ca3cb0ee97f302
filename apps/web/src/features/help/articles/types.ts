/** The help center's articles, in the order the list shows them. */
export const HELP_SLUGS = [
  'getting-started',
  'roles-and-permissions',
  'wallet-approval',
  'minting',
  'retiring-and-certificates',
  'verification',
  'kyc',
  'api-and-webhooks',
  'phantom-custom-token',
  'support',
] as const;
export type HelpSlug = (typeof HELP_SLUGS)[number];

/** One part of an article: its heading is an entry of the table of contents, its id the anchor. */
export interface HelpSection {
  id: string;
  heading: string;
  paragraphs: readonly string[];
  /** Numbered steps shown after the paragraphs. */
  steps?: readonly string[];
}

export interface HelpArticleText {
  title: string;
  summary: string;
  sections: readonly HelpSection[];
}

/** Every article in one language. */
export type HelpArticles = Readonly<Record<HelpSlug, HelpArticleText>>;

export interface HelpArticle extends HelpArticleText {
  slug: HelpSlug;
  related: readonly HelpSlug[];
}
