import { z } from 'zod';
import { companySummarySchema, kycStatusSchema } from './auth';

/** GET /companies: the companies a user may act for (the retirement form picks from them). */
export const companyListSchema = z.array(companySummarySchema);
export const companyIdParams = z.object({ id: z.uuid() });
/** PUT /companies/:id/kyc-status, administrators only, until KYC onboarding sets it. */
export const updateKycStatusRequest = z.object({ status: kycStatusSchema });
export type UpdateKycStatusRequest = z.infer<typeof updateKycStatusRequest>;
