import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardWidgetDefinition } from '../widget-definition';

interface WidgetCatalogueProps {
  open: boolean;
  widgets: readonly DashboardWidgetDefinition[];
  onAdd: (widget: DashboardWidgetDefinition) => void;
  onClose: () => void;
}

/** The widgets the user may place and has not placed yet. */
export function WidgetCatalogue({ open, widgets, onAdd, onClose }: WidgetCatalogueProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="widget-catalogue-title" fullWidth maxWidth="xs">
      <DialogTitle id="widget-catalogue-title">{t('dashboard.grid.catalogueTitle')}</DialogTitle>
      <DialogContent>
        {widgets.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.grid.catalogueEmpty')}</Typography>
        ) : (
          <List disablePadding>
            {widgets.map((widget) => (
              <ListItem key={widget.id} disablePadding>
                <ListItemButton onClick={() => onAdd(widget)}>
                  <ListItemText primary={t(widget.titleKey)} secondary={t(`dashboard.widgetDescriptions.${widget.id}`)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('dashboard.grid.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
