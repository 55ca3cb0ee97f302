import { z } from 'zod';

export const pendingActionSchema = z.object({
  id: z.string(),
  kind: z.enum(['wallet_approval', 'kyc', 'approval', 'security_alert', 'mfa_setup', 'wallet_setup']),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  createdAt: z.string(),
});
export type PendingAction = z.infer<typeof pendingActionSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  resourceType: z.string(),
  resourceId: z.string().nullable(),
  timestamp: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const dashboardSummarySchema = z.object({
  pendingActions: z.array(pendingActionSchema),
  recentActivity: z.array(activityEntrySchema),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
