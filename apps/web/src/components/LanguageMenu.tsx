import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGE_OPTIONS, changeLanguage, currentLanguage } from '../lib/i18n';
import { Flag } from './Flag';

export default function LanguageMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const current = currentLanguage();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {LANGUAGE_OPTIONS.map((option) => (
        <MenuItem
          key={option.code}
          selected={option.code === current}
          lang={option.code}
          onClick={() => {
            onClose();
            void changeLanguage(option.code);
          }}
        >
          <ListItemIcon>
            <Flag language={option.code} />
          </ListItemIcon>
          <ListItemText>{option.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
