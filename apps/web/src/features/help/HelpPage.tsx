import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { helpTopicPath } from '../../components/HelpLink';
import { PageHeader } from '../../components/PageHeader';
import { helpArticles, helpArticleWithRelated, isHelpSlug } from './articles';
import { searchHelp } from './articles/search';
import { HelpArticleView } from './components/HelpArticleView';

/** A search is a few words; longer input is cut (docs/product.md §5 bounds every text field). */
const QUERY_MAX = 100;

/**
 * docs/product.md §2 /help: the help center. `?article=<slug>` opens an article (the "?" of a
 * screen links there); otherwise the searchable list, the query kept in `?q=` so a search can be shared.
 */
export default function HelpPage({ name }: { name: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const language = i18n.resolvedLanguage;
  const slug = params.get('article');
  if (slug !== null) {
    if (!isHelpSlug(slug)) return <ArticleNotFound />;
    const { article, related } = helpArticleWithRelated(language, slug);
    return <HelpArticleView key={slug} article={article} related={related} />;
  }

  const query = params.get('q') ?? '';
  const results = searchHelp(helpArticles(language), query);
  const setQuery = (value: string) => setParams(value ? { q: value } : {}, { replace: true });

  return (
    <Box>
      <PageHeader title={name} subtitle={t('help.subtitle')} />
      <TextField
        type="search"
        label={t('help.searchLabel')}
        placeholder={t('help.searchPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value.slice(0, QUERY_MAX))}
        fullWidth
        sx={{ mb: 1, maxWidth: 640 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 2 }}>
        {t('help.resultCount', { count: results.length })}
      </Typography>
      {results.length === 0 ? (
        <Alert severity="info" action={<Button onClick={() => setQuery('')}>{t('help.clearSearch')}</Button>}>
          <AlertTitle>{t('help.noResults', { query: query.trim() })}</AlertTitle>
          {t('help.noResultsHint')}
        </Alert>
      ) : (
        <Box
          component="ul"
          aria-label={name}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {results.map((article) => (
            <Card component="li" variant="outlined" key={article.slug}>
              <CardActionArea component={RouterLink} to={helpTopicPath(article.slug)} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {article.title}
                  </Typography>
                  <Typography color="text.secondary">{article.summary}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}

function ArticleNotFound() {
  const { t } = useTranslation();
  return (
    <Box>
      <PageHeader title={t('help.notFoundTitle')} />
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/help">
            {t('help.backToHelp')}
          </Button>
        }
      >
        {t('help.notFoundText')}
      </Alert>
    </Box>
  );
}
