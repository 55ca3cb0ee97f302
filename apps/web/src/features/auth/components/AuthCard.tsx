import Eco from '@mui/icons-material/EnergySavingsLeaf';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelector } from '../../../components/LanguageSelector';

/** The frame of the signed-out screens: brand, title and the form. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: (theme) =>
          theme.palette.mode === 'light' ? `linear-gradient(135deg, ${theme.palette.primary.main} 0%, #0b2e2d 100%)` : theme.palette.background.default,
      }}
    >
      <Paper elevation={6} sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -2, mr: -2, color: 'text.secondary' }}>
          <LanguageSelector />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
          <Eco sx={{ fontSize: 40, color: 'primary.main' }} aria-hidden />
          <Box>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
              Carbonledger
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('layout.tagline')}
            </Typography>
          </Box>
        </Box>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
