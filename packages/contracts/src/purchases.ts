import { z } from 'zod';
import { invoiceCurrencySchema, minorToMoney, type InvoiceCurrency } from './invoices';
import { tonnesField } from './tonnes';

/**
 * docs/product.md §2 /carbon-projects "purchase action": a company buys credits of a project
 * through a quote, an order that reserves the units, an invoice, and delivery once it is paid.
 */
export const purchaseTexts = {
  quoted: 'Quote ready.',
  ordered: 'Order placed: the credits are reserved and the invoice is issued.',
  cancelled: 'Order cancelled.',
  quoteExpired: 'This quote has expired. Please ask for a new one.',
  priceMoved: 'The price changed by more than the slippage tolerance since this quote. Please ask for a new one.',
  notConfirmable: 'Only a quote that is still valid can be confirmed.',
  notCancellable: 'Only an order that is not paid yet can be cancelled.',
  quantityUnavailable: 'That many credits are no longer available for this vintage.',
  walletRequired: 'Choose an approved wallet of your company to receive the tokens.',
  unknownProject: 'Project not found.',
  statusTitle: 'Credit purchase',
  invoiceTitle: 'Carbon credit purchase',
  creditsLine: 'Carbon credits',
  feeLine: 'Settlement fee',
} as const;

export const PURCHASE_ORDER_STATUSES = ['quoted', 'reserved', 'invoiced', 'paid', 'delivered', 'expired', 'cancelled'] as const;
export const purchaseOrderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES);
export type PurchaseOrderStatus = z.infer<typeof purchaseOrderStatusSchema>;

/** How long a quote's price holds (minutes). */
export const PURCHASE_QUOTE_TTL_MINUTES = 15;
/** How long an invoiced order waits for its payment before it expires and its units are released (hours). */
export const PURCHASE_PAYMENT_WINDOW_HOURS = 48;
/** The platform's settlement fee on a purchase, in basis points of the credits' price (1%). */
export const PURCHASE_FEE_BPS = 100;

/**
 * The price list is in US cents (Settings → Blockchain). A quote in EUR or GBP converts at these
 * fixed platform rates (units of the currency per 1 USD, four places), shown on the quote: they
 * are the platform's stated rates, not a live market feed.
 */
export const PURCHASE_RATES_PER_USD: Record<InvoiceCurrency, string> = { USD: '1.0000', EUR: '0.9200', GBP: '0.7900' };

function rateScaled(currency: InvoiceCurrency): bigint {
  const [whole, fraction = ''] = PURCHASE_RATES_PER_USD[currency].split('.');
  return BigInt(whole!) * 10_000n + BigInt(fraction.padEnd(4, '0'));
}

/** numerator / denominator rounded half up (both non-negative). */
function halfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export interface PurchasePrice {
  unitPrice: string;
  subtotal: string;
  fee: string;
  total: string;
}

/** A quote's money, exact: the unit price converted and rounded half up to the cent, then × quantity, the fee rounded half up. */
export function purchasePrice(unitPriceUsdCents: bigint, quantity: bigint, currency: InvoiceCurrency): PurchasePrice {
  const unitMinor = halfUp(unitPriceUsdCents * rateScaled(currency), 10_000n);
  const subtotal = unitMinor * quantity;
  const fee = halfUp(subtotal * BigInt(PURCHASE_FEE_BPS), 10_000n);
  return { unitPrice: minorToMoney(unitMinor), subtotal: minorToMoney(subtotal), fee: minorToMoney(fee), total: minorToMoney(subtotal + fee) };
}

export const purchaseQuoteRequest = z.object({
  projectId: z.string().regex(/^[0-9]{1,9}$/, purchaseTexts.unknownProject),
  vintage: z.number().int().min(1990).max(2100),
  quantity: tonnesField.refine((value) => value < 1_000_000_000_000n, 'must be less than 1,000,000,000,000 tCO2e'),
  currency: invoiceCurrencySchema.default('USD'),
});
export type PurchaseQuoteRequest = z.input<typeof purchaseQuoteRequest>;

export const confirmPurchaseRequest = z.object({
  /** An approved wallet of the buyer's company: the tokens are minted into it once the invoice is paid. */
  walletAddress: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, purchaseTexts.walletRequired),
});

export const purchaseOrderIdParams = z.object({ id: z.uuid() });

export const purchaseOrderListQuery = z.object({
  status: purchaseOrderStatusSchema.optional(),
  /** Platform administrators may narrow the list to one company. */
  companyId: z.uuid().optional(),
});

/** What is left to buy of a project's vintage (the registry's free units). */
export const purchaseAvailabilityQuery = z.object({ projectId: z.string().regex(/^[0-9]{1,9}$/, purchaseTexts.unknownProject) });
export const purchaseAvailabilitySchema = z.object({
  projectId: z.string(),
  vintages: z.array(z.object({ vintage: z.number().int(), available: z.string(), unitPriceUsd: z.string() })),
});
export type PurchaseAvailability = z.infer<typeof purchaseAvailabilitySchema>;

export const purchaseOrderSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  vintage: z.number().int(),
  quantity: z.string(),
  /** The quantity free when the quote was made: the cap it was checked against. */
  available: z.string(),
  currency: invoiceCurrencySchema,
  unitPriceUsd: z.string(),
  /** Units of the currency per 1 USD the unit price was converted at. */
  rate: z.string(),
  unitPrice: z.string(),
  subtotal: z.string(),
  feeRateBps: z.number().int(),
  fee: z.string(),
  total: z.string(),
  status: purchaseOrderStatusSchema,
  quoteExpiresAt: z.string(),
  paymentDueAt: z.string().nullable(),
  walletAddress: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  serialNumbers: z.array(z.string()),
  mintAddress: z.string().nullable(),
  signature: z.string().nullable(),
  deliveryError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrderSchema>;

export const purchaseOrderListSchema = z.object({ orders: z.array(purchaseOrderSchema) });
export type PurchaseOrderList = z.infer<typeof purchaseOrderListSchema>;

/** purchase_order_update (SERVER_EVENTS.purchaseOrderUpdate): the buyer's company and the tenant's administrators read their orders again. */
export const purchaseOrderUpdatePayload = z.object({ id: z.uuid(), companyId: z.uuid(), status: purchaseOrderStatusSchema });
export type PurchaseOrderUpdatePayload = z.infer<typeof purchaseOrderUpdatePayload>;
