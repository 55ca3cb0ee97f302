import PDFDocument from 'pdfkit';
import type { Invoice } from '@carbonledger/contracts';
import { drawBrandedHeader, type CertificateBranding } from '../certificates';

const PAGE_MARGIN = 50;
const STATUS_LABELS: Record<Invoice['status'], string> = { draft: 'Draft', pending: 'Pending', paid: 'Paid', overdue: 'Overdue', cancelled: 'Cancelled' };
const METHOD_LABELS: Record<Invoice['payments'][number]['method'], string> = {
  credit_card: 'Credit card',
  bank_transfer: 'Bank transfer',
  wire_transfer: 'Wire transfer',
  check: 'Check',
  cash: 'Cash',
};

/** A decimal string with thousands separators, its decimals untouched: "12500.00" → "12,500.00". */
function grouped(value: string): string {
  const [whole, fraction] = value.split('.');
  const digits = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/** A quantity without trailing zeros: "5.0000" → "5", "2.5000" → "2.5". */
function quantityText(value: string): string {
  return grouped(value.includes('.') ? value.replace(/\.?0+$/, '') : value);
}

/**
 * The invoice as an A4 PDF under the tenant's branded header (the one the certificates carry):
 * number, company, dates, status, every line (with the on-chain signature of an operation's
 * fee), subtotal, tax, total, what was paid and the balance due. Uncompressed, so its text
 * stays searchable and checkable by tools that read raw PDF.
 */
export async function renderInvoicePdf(invoice: Invoice, branding: CertificateBranding): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    compress: false,
    info: { Title: `Invoice ${invoice.number}`, Author: 'Carbonledger', Subject: invoice.title },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width;
  const contentWidth = width - 2 * PAGE_MARGIN;
  drawBrandedHeader(doc, branding);

  doc.fillColor(branding.primary).font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`, PAGE_MARGIN, 128, { width: contentWidth });
  doc.fillColor('#333333').font('Helvetica').fontSize(11).text(invoice.title, { width: contentWidth });
  doc.moveDown(0.8);

  const facts: [string, string][] = [
    ['Billed to', invoice.companyName],
    ['Status', STATUS_LABELS[invoice.status]],
    ['Issue date', invoice.issueDate],
    ['Due date', invoice.dueDate],
    ...(invoice.paidDate ? ([['Paid on', invoice.paidDate.slice(0, 10)]] as [string, string][]) : []),
    ['Currency', invoice.currency],
  ];
  let y = doc.y;
  for (const [label, value] of facts) {
    doc.fillColor('#666666').font('Helvetica').fontSize(10).text(label, PAGE_MARGIN, y, { width: 110 });
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(value, PAGE_MARGIN + 110, y, { width: contentWidth - 110 });
    y = doc.y + 4;
  }

  y += 12;
  const columns = { description: PAGE_MARGIN, quantity: PAGE_MARGIN + 270, unit: PAGE_MARGIN + 340, amount: PAGE_MARGIN + 420 };
  doc.rect(PAGE_MARGIN, y, contentWidth, 20).fill(branding.primary);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(9);
  doc.text('Description', columns.description + 6, y + 6, { lineBreak: false });
  doc.text('Quantity', columns.quantity, y + 6, { width: 60, align: 'right', lineBreak: false });
  doc.text('Unit price', columns.unit, y + 6, { width: 70, align: 'right', lineBreak: false });
  doc.text('Amount', columns.amount, y + 6, { width: contentWidth - 420 - 6, align: 'right', lineBreak: false });
  y += 26;
  for (const line of invoice.lines) {
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    doc
      .fillColor('#111111')
      .font('Helvetica')
      .fontSize(9)
      .text(line.description, columns.description + 6, y, { width: 260 });
    const after = doc.y;
    doc.text(quantityText(line.quantity), columns.quantity, y, { width: 60, align: 'right', lineBreak: false });
    doc.text(grouped(line.unitPrice), columns.unit, y, { width: 70, align: 'right', lineBreak: false });
    doc.text(grouped(line.amount), columns.amount, y, { width: contentWidth - 420 - 6, align: 'right', lineBreak: false });
    y = after + 2;
    if (line.signature) {
      doc
        .fillColor('#666666')
        .font('Courier')
        .fontSize(6.5)
        .text(`Transaction ${line.signature}`, columns.description + 6, y, { lineBreak: false });
      y += 10;
    }
    y += 6;
  }

  doc.rect(PAGE_MARGIN, y, contentWidth, 1).fill(branding.secondary);
  y += 10;
  const totals: [string, string, boolean][] = [
    ['Subtotal', grouped(invoice.amount), false],
    [`Tax (${invoice.taxRate}%)`, grouped(invoice.taxAmount), false],
    ['Total', `${grouped(invoice.totalAmount)} ${invoice.currency}`, true],
    ['Paid', grouped(invoice.paidAmount), false],
    ['Balance due', `${grouped(invoice.balanceDue)} ${invoice.currency}`, true],
  ];
  for (const [label, value, strong] of totals) {
    doc
      .fillColor('#333333')
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .text(label, columns.unit - 60, y, { width: 130, lineBreak: false });
    doc.text(value, columns.amount - 40, y, { width: contentWidth - 420 + 34, align: 'right', lineBreak: false });
    y += 16;
  }

  if (invoice.payments.length > 0) {
    y += 10;
    doc.fillColor(branding.primary).font('Helvetica-Bold').fontSize(11).text('Payments', PAGE_MARGIN, y, { lineBreak: false });
    y += 16;
    for (const payment of invoice.payments) {
      const reference = payment.reference ? `, reference ${payment.reference}` : '';
      doc
        .fillColor('#333333')
        .font('Helvetica')
        .fontSize(9)
        .text(`${payment.paidAt.slice(0, 10)}  ${METHOD_LABELS[payment.method]}${reference}: ${grouped(payment.amount)} ${payment.currency}`, PAGE_MARGIN, y, {
          width: contentWidth,
        });
      y = doc.y + 4;
    }
  }

  if (invoice.notes) {
    y += 10;
    doc.fillColor('#666666').font('Helvetica').fontSize(9).text(invoice.notes, PAGE_MARGIN, y, { width: contentWidth });
  }

  doc.end();
  return finished;
}
