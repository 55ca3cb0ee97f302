import { z } from 'zod';
import { companySummarySchema, emailField, userStatusSchema, type kycStatusSchema } from './auth';
import { roleSchema } from './roles';
import { singleLineText } from './text';

/** User texts of the companies screens and their refusals (docs/product.md §5 "the tax id cannot be edited by the user"). */
export const companyTexts = {
  nameRequired: 'Company name is required',
  legalNameRequired: 'Legal name is required',
  taxIdRequired: 'Tax ID is required',
  taxIdInvalid: 'Invalid tax ID for the selected country',
  taxIdTaken: 'Another company of this tenant already has this tax ID.',
  taxIdLocked: 'The tax ID cannot be changed by the company. Please contact support.',
  countryInvalid: 'Choose a country (two-letter ISO code)',
  cityRequired: 'City is required',
  addressRequired: 'Address is required',
  websiteInvalid: 'The website must be an https:// address',
  phoneInvalid: 'Invalid phone number',
  created: 'Company created.',
  updated: 'Company updated.',
  loadFailed: 'Failed to load company settings. Please try again later.',
  platformCompanyLocked: 'The platform company cannot be changed here.',
} as const;

/** ISO 3166-1 alpha-2, upper-cased. */
export const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, companyTexts.countryInvalid);

/**
 * Tax identifiers by country, loosely (format only, no check digits): the registration
 * numbers a company is onboarded with. Other countries: 3–30 letters, digits and . / - space.
 */
const TAX_ID_FORMATS: Record<string, RegExp> = {
  BR: /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/, // CNPJ
  US: /^\d{2}-?\d{7}$/, // EIN
  PT: /^(PT)?\d{9}$/, // NIPC
  ES: /^(ES)?([A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/, // CIF / NIF
  GB: /^((GB)?\d{9}(\d{3})?|[A-Z0-9]{8})$/, // VAT or Companies House number
  DE: /^((DE)?\d{9}|\d{2,3}\/?\d{3}\/?\d{4,5})$/, // USt-IdNr or Steuernummer
  FR: /^(\d{9}(\d{5})?|FR[A-Z0-9]{2}\d{9})$/, // SIREN / SIRET / TVA
  MX: /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/, // RFC
  AR: /^\d{2}-?\d{8}-?\d$/, // CUIT
  CL: /^\d{1,2}\.?\d{3}\.?\d{3}-?[\dK]$/, // RUT
  CO: /^\d{9,10}(-?\d)?$/, // NIT
};
const ANY_TAX_ID = /^[A-Z0-9][A-Z0-9 ./-]{2,29}$/;

export function isTaxIdOf(country: string, taxId: string): boolean {
  return (TAX_ID_FORMATS[country.toUpperCase()] ?? ANY_TAX_ID).test(taxId.trim().toUpperCase());
}

export const taxIdField = singleLineText().trim().toUpperCase().min(1, companyTexts.taxIdRequired).max(30, companyTexts.taxIdInvalid);

const optionalLine = (max: number) =>
  singleLineText()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .optional();

export const companyAddressSchema = z
  .object({
    line1: singleLineText().trim().min(1, companyTexts.addressRequired).max(200),
    line2: optionalLine(200),
    city: singleLineText().trim().min(1, companyTexts.cityRequired).max(120),
    region: optionalLine(120),
    postalCode: optionalLine(20),
  })
  .strict();
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

export const companyContactSchema = z
  .object({
    name: optionalLine(120),
    email: emailField.pipe(z.string().max(254)).nullable().optional(),
    phone: singleLineText()
      .trim()
      .regex(/^\+?[0-9 ().-]{6,25}$/, companyTexts.phoneInvalid)
      .nullable()
      .optional(),
    website: singleLineText()
      .trim()
      .max(200)
      .regex(/^https:\/\/[^\s/$.?#][^\s]*$/i, companyTexts.websiteInvalid)
      .nullable()
      .optional(),
  })
  .strict();
export type CompanyContact = z.infer<typeof companyContactSchema>;

/** The person a new company's first COMPANY_ADMIN invitation goes to. */
export const firstAdministratorSchema = z
  .object({
    email: emailField.pipe(z.string().max(254)),
    firstName: singleLineText().trim().min(1).max(100),
    lastName: singleLineText().trim().min(1).max(100),
  })
  .strict();
export type FirstAdministrator = z.infer<typeof firstAdministratorSchema>;

const companyFields = {
  name: singleLineText().trim().min(1, companyTexts.nameRequired).max(160),
  legalName: singleLineText().trim().min(1, companyTexts.legalNameRequired).max(200),
  taxId: taxIdField,
  country: countryField,
  address: companyAddressSchema,
  contact: companyContactSchema.default({}),
};

function taxIdMatchesCountry(value: { taxId?: string; country?: string }, context: z.RefinementCtx) {
  if (value.taxId && value.country && !isTaxIdOf(value.country, value.taxId))
    context.addIssue({ code: 'custom', path: ['taxId'], message: companyTexts.taxIdInvalid });
}

/** The company part of onboarding (POST /companies, and a new tenant's first company). */
export const newCompanySchema = z.object(companyFields).strict().superRefine(taxIdMatchesCountry);
export type NewCompany = z.infer<typeof newCompanySchema>;

/** POST /companies: platform administrators onboard a customer company and invite its first administrator. */
export const createCompanyRequest = z
  .object({ ...companyFields, administrator: firstAdministratorSchema.optional() })
  .strict()
  .superRefine(taxIdMatchesCountry);
export type CreateCompanyRequest = z.input<typeof createCompanyRequest>;

/**
 * PATCH /companies/:id: any subset of the fields. A company's own administrator may not send
 * taxId (COMPANY__TAX_ID_LOCKED); a tax ID sent without the country is checked against the stored one.
 */
export const updateCompanyRequest = z
  .object({
    name: companyFields.name,
    legalName: companyFields.legalName,
    taxId: companyFields.taxId,
    country: companyFields.country,
    address: companyAddressSchema,
    contact: companyContactSchema,
  })
  .partial()
  .strict()
  .superRefine(taxIdMatchesCountry);
export type UpdateCompanyRequest = z.input<typeof updateCompanyRequest>;

export type KycStatus = z.infer<typeof kycStatusSchema>;

export const companyIdParams = z.object({ id: z.uuid() });

export const companyListQuery = z.object({ search: singleLineText().trim().max(100).optional() });
export type CompanyListQuery = z.infer<typeof companyListQuery>;

/** Wallet counts of a company: the list's wallet status column. */
export const companyWalletCountsSchema = z.object({ total: z.number().int(), operational: z.number().int(), pending: z.number().int() });

/** A row of GET /companies: the summary the retirement form picks from, plus the administrators' columns. */
export const companyListItemSchema = companySummarySchema.extend({
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  country: z.string().nullable(),
  userCount: z.number().int(),
  wallets: companyWalletCountsSchema,
  createdAt: z.string(),
});
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
/** GET /companies: the companies a user may act for (the retirement form picks from them). */
export const companyListSchema = z.array(companyListItemSchema);

export const companyMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  lastLogin: z.string().nullable(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** GET /companies/:id (docs/product.md §3 Company, with its onboarding record and members). */
export const companyProfileSchema = companyListItemSchema.extend({
  address: z
    .object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), region: z.string().nullable(), postalCode: z.string().nullable() })
    .nullable(),
  contact: z.object({ name: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(), website: z.string().nullable() }),
  members: z.array(companyMemberSchema),
  updatedAt: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** What happened to the first administrator's invitation when a company or tenant was created. */
export const administratorInvitationSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  status: userStatusSchema,
  /** Whether an invitation e-mail went out (false until the invitation service sends one). */
  invitationSent: z.boolean(),
});
export type AdministratorInvitation = z.infer<typeof administratorInvitationSchema>;

export const companyCreatedSchema = z.object({ company: companyProfileSchema, administrator: administratorInvitationSchema.nullable() });
export type CompanyCreated = z.infer<typeof companyCreatedSchema>;

/** company_update (socket): a company's record changed; screens showing it read it again. */
export const companyUpdatePayload = z.object({ companyId: z.uuid() });
export type CompanyUpdatePayload = z.infer<typeof companyUpdatePayload>;
