import { API_BASE_PATH, type TenantBranding, type TenantSettings } from '@carbonledger/contracts';
import type { TenantRow } from './tenants.repository';

/** The tenant as GET /tenant answers it: theme, branding and the logo's public address. */
export function toSettings(row: TenantRow): TenantSettings {
  const branding: TenantBranding = row.branding;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    theme: row.theme,
    branding,
    // Same origin as the web app that shows it (docs/files.md: the download is public).
    logoUrl: branding.logoCid ? `${API_BASE_PATH}/files/${branding.logoCid}` : null,
    createdAt: row.createdAt.toISOString(),
  };
}
