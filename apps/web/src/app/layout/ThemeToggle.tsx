import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useThemeMode } from '../../lib/theme';

/** docs/product.md §2 gives these tooltips in Portuguese for every language. */
const TOOLTIPS = { light: 'Mudar para tema escuro', dark: 'Mudar para tema claro' } as const;

export function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  return (
    <Tooltip title={TOOLTIPS[mode]}>
      <IconButton color="inherit" onClick={toggle} aria-label={TOOLTIPS[mode]}>
        {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
      </IconButton>
    </Tooltip>
  );
}
