import { STORAGE_KEYS, type Tenant } from '@carbonledger/contracts';
import { createTheme, getLuminance, lighten, type Theme } from '@mui/material/styles';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export type ThemeMode = 'light' | 'dark';

interface ThemeState {
  mode: ThemeMode;
  toggle: () => void;
}

/** docs/product.md §3: the theme preference is persisted, light by default. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      mode: 'light',
      toggle: () => set((state) => ({ mode: state.mode === 'light' ? 'dark' : 'light' })),
    }),
    { name: STORAGE_KEYS.theme },
  ),
);

/** docs/product.md §9 palette: dark teal primary, yellow-green secondary. */
export const BRAND = { primary: '#00504f', primaryOnDark: '#4fb3a9', secondary: '#9acd32' } as const;

const SYSTEM_FONTS = '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif';

/** A dark brand colour is lightened on the dark background so text and outlines stay readable. */
function forMode(color: string, mode: ThemeMode): string {
  return mode === 'dark' && getLuminance(color) < 0.2 ? lighten(color, 0.45) : color;
}

export function buildTheme(mode: ThemeMode, branding?: Tenant['branding']): Theme {
  const primary = branding?.customColors?.primary ? forMode(branding.customColors.primary, mode) : mode === 'dark' ? BRAND.primaryOnDark : BRAND.primary;
  const secondary = branding?.customColors?.secondary ?? BRAND.secondary;
  const body = branding?.fonts?.body ? `"${branding.fonts.body}", ${SYSTEM_FONTS}` : SYSTEM_FONTS;
  const display = branding?.fonts?.display ? `"${branding.fonts.display}", ${body}` : body;
  return createTheme({
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: secondary },
      ...(mode === 'light' ? { background: { default: '#f4f7f6', paper: '#ffffff' } } : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: body,
      h1: { fontFamily: display },
      h2: { fontFamily: display },
      h3: { fontFamily: display },
      h4: { fontFamily: display, fontWeight: 600 },
      h5: { fontFamily: display, fontWeight: 600 },
      h6: { fontFamily: display, fontWeight: 600 },
    },
  });
}
