import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Certificate, RetirementReason } from '@carbonledger/contracts';

/** The tenant's colours (docs/product.md §3 Tenant branding.customColors), docs/product.md §9 palette otherwise. */
export interface CertificateBranding {
  primary: string;
  secondary: string;
  /** The tenant's logo (PNG or JPEG of the file store), drawn in the header; none: the name alone. */
  logo?: Buffer | null;
}

export const DEFAULT_CERTIFICATE_BRANDING: CertificateBranding = { primary: '#00504f', secondary: '#9acd32' };

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function certificateBrandingOf(
  branding: { customColors?: { primary?: string; secondary?: string } } | null | undefined,
  logo: Buffer | null = null,
): CertificateBranding {
  const primary = branding?.customColors?.primary;
  const secondary = branding?.customColors?.secondary;
  return {
    primary: primary && HEX_COLOUR.test(primary) ? primary : DEFAULT_CERTIFICATE_BRANDING.primary,
    secondary: secondary && HEX_COLOUR.test(secondary) ? secondary : DEFAULT_CERTIFICATE_BRANDING.secondary,
    logo,
  };
}

/** One QR code for the PDF, the QR endpoint and the tests: same URL, same options, same image. */
export function certificateQrPng(url: string, branding: CertificateBranding): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360, color: { dark: branding.primary, light: '#ffffff' } });
}

export function certificateQrSvg(url: string, branding: CertificateBranding): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: branding.primary, light: '#ffffff' } });
}

const REASONS: Record<RetirementReason, string> = {
  voluntary_offset: 'Voluntary offset',
  compliance: 'Compliance',
  net_zero_commitment: 'Net-zero commitment',
  product_neutrality: 'Product carbon neutrality',
  event_offset: 'Event offset',
  other: 'Other',
};

/** Base units as tonnes with the token's decimals, grouped in thousands: "12,500" or "0.5". */
export function formatTonnes(amount: string, decimals: number): string {
  const value = BigInt(amount);
  const scale = 10n ** BigInt(decimals);
  const whole = (value / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals === 0 ? '' : (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export function formatIssuedAt(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** The label and value rows of docs/product.md §2 Certificates' viewer, in its order, as the PDF prints them. */
export function certificateRows(certificate: Certificate): [string, string][] {
  return [
    ['Certificate number', certificate.number],
    ['Amount retired', `${formatTonnes(certificate.amount, certificate.decimals)} tCO2e (${certificate.tokenSymbol})`],
    ['Date', formatIssuedAt(certificate.date)],
    ['Beneficiary', certificate.beneficiary],
    ['Reason', REASONS[certificate.reason]],
    ['Project name', certificate.projectName],
    ['Developer', certificate.developer],
    ['Location', certificate.location],
    ['Methodology', certificate.methodology],
    ['Standard', certificate.standard],
    ['Vintage year', String(certificate.vintage)],
    ['Retired for use in', certificate.subdivision ? `${certificate.subdivision} (${certificate.country})` : certificate.country],
  ];
}

const PAGE_MARGIN = 50;
const HEADER_HEIGHT = 96;
/** Where the tenant's logo fits, at the right of the header: width and height in points. */
const LOGO_BOX: [number, number] = [140, 64];

/** The tenant-branded band at the top of the platform's documents (the certificate, the invoice): colours, name and logo. */
export function drawBrandedHeader(doc: PDFKit.PDFDocument, branding: CertificateBranding): void {
  const width = doc.page.width;
  doc.rect(0, 0, width, HEADER_HEIGHT).fill(branding.primary);
  doc.rect(0, HEADER_HEIGHT, width, 6).fill(branding.secondary);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(26).text('Carbonledger', PAGE_MARGIN, 28, { lineBreak: false });
  doc.font('Helvetica').fontSize(11).text('Enterprise Carbon Credits Management', PAGE_MARGIN, 62, { lineBreak: false });
  if (branding.logo)
    doc.image(branding.logo, width - PAGE_MARGIN - LOGO_BOX[0], (HEADER_HEIGHT - LOGO_BOX[1]) / 2, { fit: LOGO_BOX, align: 'right', valign: 'center' });
}

/**
 * The certificate as an A4 PDF with the tenant's colours, every viewer field, the chain
 * references and a QR code to the public verification page. Streams are left uncompressed:
 * the document is one page of text (a few kilobytes) and its text stays searchable and
 * checkable by tools that read raw PDF.
 */
export async function renderCertificatePdf(certificate: Certificate, branding: CertificateBranding): Promise<Buffer> {
  const qr = await certificateQrPng(certificate.verifyUrl, branding);
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    compress: false,
    info: {
      Title: `Carbon retirement certificate ${certificate.number}`,
      Author: 'Carbonledger',
      Subject: `${certificate.projectName}, vintage ${certificate.vintage}`,
    },
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

  doc
    .fillColor(branding.primary)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text('Certificate of Carbon Credit Retirement', PAGE_MARGIN, 132, { width: contentWidth, align: 'center' });
  doc.moveDown(0.4);
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(11)
    .text(
      `${formatTonnes(certificate.amount, certificate.decimals)} tCO2e of verified carbon credits were permanently retired on the Solana blockchain. ` +
        'This soulbound (non-transferable) certificate token records the retirement.',
      { width: contentWidth, align: 'center' },
    );

  let y = doc.y + 24;
  const labelWidth = 150;
  for (const [label, value] of certificateRows(certificate)) {
    doc.fillColor('#666666').font('Helvetica').fontSize(10).text(label, PAGE_MARGIN, y, { width: labelWidth });
    doc
      .fillColor('#111111')
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(value, PAGE_MARGIN + labelWidth, y, { width: contentWidth - labelWidth });
    y = doc.y + 8;
  }

  y += 6;
  doc.rect(PAGE_MARGIN, y, contentWidth, 1).fill(branding.secondary);
  y += 14;
  const chainRows: [string, string][] = [
    ['Transaction hash', certificate.transactionHash],
    ['Certificate token', certificate.certificateMint],
    ['Holder wallet', certificate.holderAddress],
    ['Details fingerprint (SHA-256)', certificate.metadataHash],
  ];
  for (const [label, value] of chainRows) {
    doc.fillColor('#666666').font('Helvetica').fontSize(9).text(label, PAGE_MARGIN, y, { lineBreak: false });
    doc
      .fillColor('#111111')
      .font('Courier')
      .fontSize(7.5)
      .text(value, PAGE_MARGIN, y + 12, { lineBreak: false });
    y += 30;
  }

  const qrSize = 130;
  const qrY = Math.max(y + 10, doc.page.height - PAGE_MARGIN - qrSize - 20);
  doc.image(qr, PAGE_MARGIN, qrY, { width: qrSize, height: qrSize });
  const textX = PAGE_MARGIN + qrSize + 20;
  doc
    .fillColor(branding.primary)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Verify this certificate', textX, qrY + 24, { lineBreak: false });
  doc
    .fillColor('#333333')
    .font('Helvetica')
    .fontSize(9)
    .text('Scan the code or open the address below. The page re-checks the certificate against the blockchain.', textX, qrY + 44, {
      width: contentWidth - qrSize - 20,
    });
  doc
    .fillColor(branding.primary)
    .font('Helvetica')
    .fontSize(9)
    .text(certificate.verifyUrl, textX, doc.y + 6, { link: certificate.verifyUrl, lineBreak: false });

  doc.end();
  return finished;
}
