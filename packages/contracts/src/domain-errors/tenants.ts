import { tenantTexts } from '../tenants';
import { domainError } from './define';

/** The tenants domain's business failures (docs/architecture.md "Errors"). */
export const tenantErrors = {
  /** A tenant's identifier (slug) is unique across the platform. */
  TENANT__SLUG_TAKEN: domainError('CONFLICT', tenantTexts.slugTaken),
  /** Tenants are created at platform level: a SUPER_ADMIN of the platform company (or an operator's shell). */
  TENANT__PLATFORM_ONLY: domainError('ACCESS_DENIED', tenantTexts.platformOnly),
  /** The branding logo is not a PNG or JPEG of this tenant's file store. */
  TENANT__LOGO_NOT_STORED: domainError('VALIDATION_ERROR', tenantTexts.logoNotStored),
} as const;
