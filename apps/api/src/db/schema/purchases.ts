import { bigint, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { InvoiceCurrency, PurchaseOrderStatus, RegistryId } from '@carbonledger/contracts';
import { at, companyId, createdAt, generatedId, money, tenantId, updatedAt, userRef } from './columns';
import { invoices } from './invoices';
import { companyWallets } from './wallets';

/** A credit purchase order (migration 0036, docs/product.md §2 /carbon-projects "purchase action"). */
export const purchaseOrders = pgTable('purchase_orders', {
  id: generatedId(),
  tenantId: tenantId(),
  companyId: companyId(),
  userId: userRef('user_id'),
  registry: text('registry').$type<RegistryId>().notNull(),
  projectId: text('project_id').notNull(),
  projectName: text('project_name').notNull(),
  vintage: integer('vintage').notNull(),
  quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
  available: bigint('available', { mode: 'bigint' }).notNull(),
  currency: text('currency').$type<InvoiceCurrency>().notNull(),
  unitPriceUsd: money('unit_price_usd').notNull(),
  rate: numeric('rate', { precision: 10, scale: 4 }).notNull(),
  unitPrice: money('unit_price').notNull(),
  subtotal: money('subtotal').notNull(),
  feeRateBps: integer('fee_rate_bps').notNull(),
  fee: money('fee').notNull(),
  total: money('total').notNull(),
  status: text('status').$type<PurchaseOrderStatus>().notNull().default('quoted'),
  quoteExpiresAt: at('quote_expires_at').notNull(),
  paymentDueAt: at('payment_due_at'),
  walletId: uuid('wallet_id').references(() => companyWallets.id),
  walletAddress: text('wallet_address'),
  invoiceId: uuid('invoice_id').references(() => invoices.id),
  serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull().default([]),
  mintAddress: text('mint_address'),
  signature: text('signature'),
  deliveryError: text('delivery_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
