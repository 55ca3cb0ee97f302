import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { helpTopicPath } from '../../../components/HelpLink';
import { PageHeader } from '../../../components/PageHeader';
import type { HelpArticle } from '../articles';

/** The anchor of a section: prefixed so it never collides with another id of the page. */
export const sectionAnchor = (id: string) => `help-${id}`;

/**
 * One article: the table of contents beside its sections (beneath them on a narrow screen),
 * then the related articles. `after` adds live content below a section (the Phantom article's
 * mint addresses).
 */
export function HelpArticleView({
  article,
  related,
  after = {},
}: {
  article: HelpArticle;
  related: HelpArticle[];
  after?: Readonly<Record<string, ReactNode>>;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Button component={RouterLink} to="/help" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('help.backToHelp')}
      </Button>
      <PageHeader title={article.title} subtitle={article.summary} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, alignItems: 'start' }}>
        <Paper component="nav" aria-label={t('help.contents')} variant="outlined" sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {t('help.contents')}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
            {article.sections.map((section) => (
              <li key={section.id}>
                <Link href={`#${sectionAnchor(section.id)}`} underline="hover">
                  {section.heading}
                </Link>
              </li>
            ))}
          </Box>
        </Paper>
        <Box component="article" sx={{ minWidth: 0 }}>
          {article.sections.map((section) => (
            <Box
              component="section"
              key={section.id}
              id={sectionAnchor(section.id)}
              aria-labelledby={`${sectionAnchor(section.id)}-title`}
              sx={{ mb: 3, scrollMarginTop: 88 }}
            >
              <Typography variant="h6" component="h2" id={`${sectionAnchor(section.id)}-title`} gutterBottom>
                {section.heading}
              </Typography>
              {section.paragraphs.map((paragraph) => (
                <Typography key={paragraph} sx={{ mb: 1 }}>
                  {paragraph}
                </Typography>
              ))}
              {section.steps && (
                <Box component="ol" sx={{ mt: 0, pl: 3 }}>
                  {section.steps.map((step) => (
                    <Typography component="li" key={step} sx={{ mb: 0.5 }}>
                      {step}
                    </Typography>
                  ))}
                </Box>
              )}
              {after[section.id]}
            </Box>
          ))}
          {related.length > 0 && (
            <Paper variant="outlined" component="aside" aria-labelledby="help-related-title" sx={{ p: 2 }}>
              <Typography variant="subtitle1" component="h2" id="help-related-title">
                {t('help.related')}
              </Typography>
              <List dense disablePadding>
                {related.map((other) => (
                  <ListItem key={other.slug} disablePadding>
                    <ListItemButton component={RouterLink} to={helpTopicPath(other.slug)}>
                      <ListItemText primary={other.title} secondary={other.summary} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </Box>
      </Box>
    </Box>
  );
}
