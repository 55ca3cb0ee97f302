import { z } from 'zod';
import { tenantSchema } from './auth';
import { administratorInvitationSchema, companyProfileSchema, firstAdministratorSchema, newCompanySchema } from './companies';
import { cidSchema } from './files';
import { singleLineText } from './text';

/** User texts of tenant creation and branding (docs/product.md §3 Tenant, Tenant branding). */
export const tenantTexts = {
  nameRequired: 'Tenant name is required',
  slugInvalid: 'Use 2–40 lower-case letters, digits and hyphens, starting and ending with a letter or digit',
  slugTaken: 'A tenant with this identifier already exists.',
  colourInvalid: 'Use a colour as #RRGGBB',
  fontInvalid: 'Use a font family name of letters, digits and spaces',
  created: 'Tenant created.',
  brandingUpdated: 'Branding saved.',
  platformOnly: 'Only a super administrator of the platform company creates tenants.',
  logoNotStored: 'The logo must be an image uploaded to this platform.',
} as const;

export const TENANT_THEMES = ['light', 'dark', 'auto'] as const;
export const tenantThemeSchema = z.enum(TENANT_THEMES);

export const hexColourField = z.string().regex(/^#[0-9a-fA-F]{6}$/, tenantTexts.colourInvalid);
/** A font family the web app asks the fonts service for and CSS names: letters, digits, spaces. */
export const fontNameField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{0,59}$/, tenantTexts.fontInvalid);

/** docs/product.md §3 Tenant branding; a missing value falls back to the §9 palette and the system fonts. */
export const tenantBrandingSchema = z
  .object({
    customColors: z.object({ primary: hexColourField.optional(), secondary: hexColourField.optional() }).strict().optional(),
    fonts: z.object({ body: fontNameField.optional(), display: fontNameField.optional() }).strict().optional(),
    /** CID of a PNG or JPEG of the product's file store (docs/files.md): the top bar and the certificate PDF show it. */
    logoCid: cidSchema.optional(),
  })
  .strict();
export type TenantBranding = z.infer<typeof tenantBrandingSchema>;

/** PUT /tenant/branding: the whole look at once (what is left out goes back to the default). */
export const updateTenantBrandingRequest = z.object({ theme: tenantThemeSchema, branding: tenantBrandingSchema }).strict();
export type UpdateTenantBrandingRequest = z.input<typeof updateTenantBrandingRequest>;

/** GET /tenant: the caller's tenant, its theme and branding (what the web theme and the PDF apply). */
export const tenantSettingsSchema = tenantSchema.extend({
  slug: z.string(),
  branding: tenantBrandingSchema,
  /** Public address of the logo image, when one is set. */
  logoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;

export const tenantSlugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])$/, tenantTexts.slugInvalid);

/**
 * POST /tenants (SUPER_ADMIN of the platform company) and `npm run tenant:create`: a tenant
 * with its first company and the invitation of that company's first COMPANY_ADMIN.
 */
export const createTenantRequest = z
  .object({
    name: singleLineText().trim().min(1, tenantTexts.nameRequired).max(120),
    slug: tenantSlugField,
    theme: tenantThemeSchema.default('light'),
    branding: tenantBrandingSchema.default({}),
    company: newCompanySchema,
    administrator: firstAdministratorSchema,
  })
  .strict();
export type CreateTenantRequest = z.input<typeof createTenantRequest>;

export const tenantCreatedSchema = z.object({
  tenant: tenantSettingsSchema,
  company: companyProfileSchema,
  administrator: administratorInvitationSchema,
});
export type TenantCreated = z.infer<typeof tenantCreatedSchema>;
