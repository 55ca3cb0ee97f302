import { STORAGE_KEYS, type Tenant } from '@carbonledger/contracts';
import { createTheme, getLuminance, lighten, type Theme } from '@mui/material/styles';
import { useEffect } from 'react';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useAuthStore } from './auth-store';

export type ThemeMode = 'light' | 'dark';

interface ThemeState {
  mode: ThemeMode;
  /** Whether the user picked a mode; until then the tenant's theme (docs/product.md §3 Tenant) decides. */
  chosen?: boolean;
  choose: (mode: ThemeMode) => void;
}

/** docs/product.md §3: the theme preference is persisted, light by default. */
export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      mode: 'light',
      choose: (mode) => set({ mode, chosen: true }),
    }),
    { name: STORAGE_KEYS.theme },
  ),
);

function prefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The mode shown: the user's choice, else the tenant's theme (`auto` follows the system), else light. */
export function effectiveMode(state: Pick<ThemeState, 'mode' | 'chosen'>, tenantTheme: Tenant['theme'] | undefined): ThemeMode {
  if (state.chosen || !tenantTheme) return state.mode;
  if (tenantTheme === 'auto') return prefersDark() ? 'dark' : 'light';
  return tenantTheme;
}

/** The mode on screen and the toggle that flips it (and makes it the user's choice). */
export function useThemeMode(): { mode: ThemeMode; toggle: () => void } {
  const state = useThemeStore();
  const tenantTheme = useAuthStore((auth) => auth.tenant?.theme);
  const mode = effectiveMode(state, tenantTheme);
  return { mode, toggle: () => state.choose(mode === 'light' ? 'dark' : 'light') };
}

/**
 * The tenant's fonts (docs/product.md §3 Tenant branding) from the fonts service the content
 * security policy allows (docs/product.md §9); a font it does not have falls back to the system fonts.
 */
export function useBrandFonts(fonts: NonNullable<Tenant['branding']['fonts']> | undefined) {
  const families = [...new Set([fonts?.body, fonts?.display].filter((family): family is string => Boolean(family)))];
  const href = families.length
    ? `https://fonts.googleapis.com/css2?${families.map((family) => `family=${encodeURIComponent(family).replace(/%20/g, '+')}`).join('&')}&display=swap`
    : null;
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.brandFonts = 'true';
    document.head.appendChild(link);
    return () => link.remove();
  }, [href]);
}

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
