import { useTranslation } from 'react-i18next';
import { helpArticleWithRelated } from './articles';
import { CompanyMints } from './components/CompanyMints';
import { HelpArticleView } from './components/HelpArticleView';
import { NetworkFacts } from './components/NetworkFacts';

/**
 * docs/product.md §2 /help/phantom-custom-token: the Phantom article with the company's own
 * mint addresses (copyable) and the network its wallet must select, filled in live.
 */
export default function PhantomCustomTokenPage() {
  const { i18n } = useTranslation();
  const { article, related } = helpArticleWithRelated(i18n.resolvedLanguage, 'phantom-custom-token');
  return <HelpArticleView article={article} related={related} after={{ mints: <CompanyMints />, network: <NetworkFacts /> }} />;
}
