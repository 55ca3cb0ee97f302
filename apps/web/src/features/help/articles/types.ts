import type { HelpTopic } from '../../../components/HelpLink';

/** The articles are the topics a screen's "?" can open. */
export { HELP_TOPICS as HELP_SLUGS } from '../../../components/HelpLink';
export type HelpSlug = HelpTopic;

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
