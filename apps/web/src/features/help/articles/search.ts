import type { HelpArticle } from './types';

/** Lower case without accents, so "aprovacao" finds "aprovação" and "CERTIFICACION" finds "certificación". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function bodyOf(article: HelpArticle): string {
  return article.sections.flatMap((section) => [section.heading, ...section.paragraphs, ...(section.steps ?? [])]).join('\n');
}

/**
 * The articles holding every word of the query in their title, summary or body, in the
 * language they are written in; the best first (a word in the title weighs most), ties in the
 * list's order. An empty query returns every article.
 */
export function searchHelp(articles: readonly HelpArticle[], query: string): HelpArticle[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...articles];
  return articles
    .map((article, order) => {
      const title = foldText(article.title);
      const summary = foldText(article.summary);
      const body = foldText(bodyOf(article));
      let score = 0;
      for (const word of words) {
        if (title.includes(word)) score += 3;
        else if (summary.includes(word)) score += 2;
        else if (body.includes(word)) score += 1;
        else return null;
      }
      return { article, order, score };
    })
    .filter((hit) => hit !== null)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((hit) => hit.article);
}
