import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, changeLanguage, currentLanguage } from '../lib/i18n';
import { Flag } from './Flag';

export function LanguageSelector() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LANGUAGE_OPTIONS.find((option) => option.code === currentLanguage()) ?? LANGUAGE_OPTIONS[0];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={t('layout.language', { language: current?.label })}
        data-language={i18n.resolvedLanguage}
      >
        {current && <Flag language={current.code} />}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGE_OPTIONS.map((option) => (
          <MenuItem
            key={option.code}
            selected={option.code === current?.code}
            lang={option.code}
            onClick={() => {
              setAnchor(null);
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
    </>
  );
}
