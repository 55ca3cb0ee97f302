import Translate from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, currentLanguage } from '../lib/i18n';
import { lazyPage } from '../lib/lazy-page';
import { Flag } from './Flag';

/** The menu is fetched on first use so the sign-in page does not carry it. */
const LanguageMenu = lazyPage(() => import('./LanguageMenu'));

export function LanguageSelector() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
  const current = LANGUAGE_OPTIONS.find((option) => option.code === currentLanguage()) ?? LANGUAGE_OPTIONS[0];
  return (
    <>
      <Button
        color="inherit"
        startIcon={<Translate />}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={() => setMenuWanted(true)}
        onFocus={() => setMenuWanted(true)}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-label={t('layout.language', { language: current?.label })}
      >
        {current && <Flag language={current.code} />}
      </Button>
      {menuWanted && (
        <Suspense fallback={null}>
          <LanguageMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
