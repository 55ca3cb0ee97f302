import type { CarbonProject } from '@carbonledger/contracts';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TokenOutlined from '@mui/icons-material/TokenOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { percentOf } from '../project-format';
import { ProjectLocation } from './ProjectLocation';

/** Co-benefits shown on a card; the detail lists them all. */
const CARD_CO_BENEFITS = 3;

export function mintPathFor(projectId: string): string {
  return `/minting/advanced?projectId=${encodeURIComponent(projectId)}`;
}

function Credit({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** docs/product.md §3 Carbon project on a card: name, id, location, type, vintage, co-benefits, methodology, credits. */
export function ProjectCard({
  project,
  canMint,
  onDetails,
  onBuy,
}: {
  project: CarbonProject;
  canMint: boolean;
  onDetails: () => void;
  /** Opens the purchase dialog (docs/product.md §2 "purchase action"); absent for readers who may not buy. */
  onBuy?: () => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const titleId = `project-${project.id}-title`;
  const available = percentOf(project.availableCredits, project.totalCredits);
  const extraBenefits = project.coBenefits.length - CARD_CO_BENEFITS;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid={`project-card-${project.id}`}
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
          <Box>
            <Typography variant="h6" component="h2" id={titleId}>
              {project.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {project.standard} {project.id}
            </Typography>
          </Box>
          <Chip size="small" color="primary" label={t(`projects.types.${project.type}`)} />
        </Box>
        <ProjectLocation project={project} />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          <Credit label={t('projects.vintage')} value={project.vintage} />
          <Credit label={t('projects.methodology')} value={project.methodology} />
        </Box>
        <Box component="ul" aria-label={t('projects.coBenefits')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
          {project.coBenefits.slice(0, CARD_CO_BENEFITS).map((benefit) => (
            <li key={benefit}>
              <Chip size="small" variant="outlined" label={benefit} />
            </li>
          ))}
          {extraBenefits > 0 && (
            <li>
              <Chip size="small" variant="outlined" label={t('projects.moreCoBenefits', { count: extraBenefits })} />
            </li>
          )}
        </Box>
        <Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, mb: 1 }}>
            <Credit label={t('projects.credits.total')} value={formatNumber(BigInt(project.totalCredits), language)} />
            <Credit label={t('projects.credits.available')} value={formatNumber(BigInt(project.availableCredits), language)} />
            <Credit label={t('projects.credits.retired')} value={formatNumber(BigInt(project.retiredCredits), language)} />
          </Box>
          <LinearProgress variant="determinate" value={available} aria-label={t('projects.credits.availableShare', { percent: available })} />
          <Typography variant="caption" color="text.secondary">
            {t('projects.credits.availableShare', { percent: available })}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDetails} aria-label={t('projects.viewDetailsOf', { name: project.name })}>
          {t('projects.viewDetails')}
        </Button>
        {onBuy && (
          <Button variant="outlined" onClick={onBuy} startIcon={<ShoppingCartOutlined />} aria-label={t('purchases.buyFor', { name: project.name })}>
            {t('purchases.buy')}
          </Button>
        )}
        {canMint && (
          <Button
            variant="contained"
            component={RouterLink}
            to={mintPathFor(project.id)}
            startIcon={<TokenOutlined />}
            aria-label={t('projects.mintFor', { name: project.name })}
          >
            {t('projects.mint')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
