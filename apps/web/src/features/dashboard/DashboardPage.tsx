import Add from '@mui/icons-material/Add';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../lib/auth-store';
import { translateMessage } from '../../lib/messages';
import { useDashboardLayout, useResetDashboardLayout, useSaveDashboardLayout } from './api/dashboard-layout';
import { DashboardGrid } from './components/DashboardGrid';
import { WidgetCatalogue } from './components/WidgetCatalogue';
import type { WidgetCommand } from './components/WidgetFrame';
import { addWidget, moveWidget, removeWidget, resizeWidget, sameLayout } from './layout';
import type { DashboardWidgetDefinition } from './widget-definition';

interface DashboardPageProps {
  /** The widgets this user may place (the registry is put together in app/). */
  widgets: readonly DashboardWidgetDefinition[];
}

/** docs/product.md §2 personalisable dashboard: the user's widgets, arranged as they left them (saved on the server). */
export default function DashboardPage({ widgets }: DashboardPageProps) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const layout = useDashboardLayout();
  const save = useSaveDashboardLayout();
  const reset = useResetDashboardLayout();
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const items = layout.data?.items ?? [];
  const persist = (next: typeof items) => {
    if (!sameLayout(next, items)) save.mutate([...next]);
  };
  const onCommand = (widget: DashboardWidgetDefinition, command: WidgetCommand) => {
    if (command.kind === 'remove') persist(removeWidget(items, widget.id));
    else if (command.kind === 'move') persist(moveWidget(items, widget.id, command.direction));
    else persist(resizeWidget(items, widget.id, command.change));
  };
  const unplaced = widgets.filter((widget) => !items.some((item) => item.widget === widget.id));
  const failure = save.error ?? reset.error;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('dashboard.welcome', { name: user?.firstName ?? '' })}
        </Typography>
        <Button startIcon={<Add />} variant="outlined" onClick={() => setCatalogueOpen(true)} disabled={!layout.data}>
          {t('dashboard.grid.add')}
        </Button>
        <Button startIcon={<RestartAlt />} onClick={() => reset.mutate()} disabled={!layout.data?.saved || reset.isPending}>
          {t('dashboard.grid.reset')}
        </Button>
      </Box>
      {failure && <Alert severity="error">{translateMessage(t, failure.message)}</Alert>}
      {layout.isPending && <LinearProgress aria-label={t('common.loading')} />}
      {layout.isError && <Alert severity="error">{translateMessage(t, layout.error.message)}</Alert>}
      {layout.data && items.length === 0 && <Typography color="text.secondary">{t('dashboard.grid.emptyLayout')}</Typography>}
      {layout.data && <DashboardGrid items={items} widgets={widgets} onChange={persist} onCommand={onCommand} />}
      <WidgetCatalogue
        open={catalogueOpen}
        widgets={unplaced}
        onClose={() => setCatalogueOpen(false)}
        onAdd={(widget) => {
          setCatalogueOpen(false);
          persist(addWidget(items, widget.id, widget.size));
        }}
      />
    </Box>
  );
}
