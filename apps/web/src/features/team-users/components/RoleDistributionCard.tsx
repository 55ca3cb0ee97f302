import type { TeamUsersOverview } from '@carbonledger/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** docs/product.md §2 Team: how many users hold each role, of everyone the viewer may see. */
export function RoleDistributionCard({ overview }: { overview: TeamUsersOverview | undefined }) {
  const { t } = useTranslation();
  const total = overview?.statistics.total ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="role-distribution-title">
      <CardHeader title={t('teamUsers.roleDistribution')} slotProps={{ title: { id: 'role-distribution-title', component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {!overview && <Skeleton height={80} />}
        {overview?.roleDistribution.length === 0 && <Typography color="text.secondary">{t('teamUsers.empty')}</Typography>}
        {overview?.roleDistribution.map((entry) => (
          <Box key={entry.role}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
              <Typography variant="body2">{t(`roles.${entry.role}`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {entry.count}
              </Typography>
            </Box>
            <LinearProgress variant="determinate" value={total ? (entry.count / total) * 100 : 0} aria-label={t(`roles.${entry.role}`)} />
          </Box>
        ))}
      </CardContent>
    </Card>
  );
}
