/**
 * A certificate as a PDF, drawn on demand (never stored): pdf-lib with
 * DejaVu Sans embedded through fontkit (every Spanish accent), the program's
 * background, logo and signatures, and a QR of the verification link with its
 * signed facts. pdf-lib, fontkit and qrcode load with the first PDF (ADR 015).
 * The fonts are embedded whole: @pdf-lib/fontkit's subsetting can silently
 * drop TrueType glyphs (ADR 028).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFFont, PDFImage, PDFPage } from 'pdf-lib';
import { getT } from '~/i18n';
import type { Language } from '~/lib/shared/constants';
import { formatDate } from '~/lib/shared/format';
import { getStorage } from '~/lib/server/storage';
import { qrPayloadOf, type CertificateRow } from './certificate-facts';

/** A4 landscape, in points. */
const PAGE_WIDTH_PT = 841.89;
const PAGE_HEIGHT_PT = 595.28;
const MARGIN_PT = 48;
const QR_SIZE_PT = 96;

/** The font file, read once per process (it never changes). One face only: embedded whole, each costs ~400 KB and ~0.4 s a PDF. */
let fontBytes: Promise<Buffer> | undefined;
function readFont(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  fontBytes ??= readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  return fontBytes;
}

/** The design's images for this certificate: background, logo and each signer's signature (PNG or JPEG, checked at upload). */
export interface CertificateImages {
  backgroundKey: string | null;
  logoKey: string | null;
}

type Pdf = import('pdf-lib').PDFDocument;

async function embedStoredImage(pdf: Pdf, key: string | null): Promise<PDFImage | null> {
  if (!key) return null;
  const file = await getStorage().getPrivate(key);
  if (!file) return null;
  if (file.contentType === 'image/png') return pdf.embedPng(file.data);
  if (file.contentType === 'image/jpeg') return pdf.embedJpg(file.data);
  return null;
}

function drawCentered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: ReturnType<typeof import('pdf-lib').rgb>): void {
  const fitted = Math.min(size, (size * (PAGE_WIDTH_PT - 2 * MARGIN_PT)) / Math.max(1, font.widthOfTextAtSize(text, size)));
  page.drawText(text, { x: (PAGE_WIDTH_PT - font.widthOfTextAtSize(text, fitted)) / 2, y, size: fitted, font, color });
}

/** The certificate's PDF in a language; its metadata carry the title and the verification code. */
export async function renderCertificatePdf(row: CertificateRow, holderName: string | null, images: CertificateImages, lang: Language): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, { default: fontkit }, QRCode, fontFile] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), import('qrcode'), readFont()]);
  const t = getT(lang);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  // Headings stand out by size and colour: a bold face would double the PDF's weight.
  const font = await pdf.embedFont(fontFile);
  const ink = rgb(0.08, 0.13, 0.24);
  const accent = rgb(0.06, 0.46, 0.43);
  const page = pdf.addPage([PAGE_WIDTH_PT, PAGE_HEIGHT_PT]);

  const background = await embedStoredImage(pdf, images.backgroundKey);
  if (background) page.drawImage(background, { x: 0, y: 0, width: PAGE_WIDTH_PT, height: PAGE_HEIGHT_PT });
  else page.drawRectangle({ x: 18, y: 18, width: PAGE_WIDTH_PT - 36, height: PAGE_HEIGHT_PT - 36, borderColor: accent, borderWidth: 2 });
  const logo = await embedStoredImage(pdf, images.logoKey);
  if (logo) {
    const scaled = logo.scaleToFit(160, 64);
    page.drawImage(logo, { x: (PAGE_WIDTH_PT - scaled.width) / 2, y: PAGE_HEIGHT_PT - MARGIN_PT - scaled.height, ...scaled });
  }

  drawCentered(page, row.title, 430, font, 30, ink);
  drawCentered(page, t('certificates.pdf.certifies'), 390, font, 14, ink);
  drawCentered(page, holderName ?? t('certificates.anonymizedHolder'), 350, font, 26, accent);
  drawCentered(page, t('certificates.pdf.completed', { program: row.programName }), 312, font, 14, ink);
  drawCentered(page, t('certificates.pdf.hoursAndDate', { count: row.hours, date: formatDate(lang, row.issuedAt, 'long') }), 290, font, 12, ink);

  const signerWidth = (PAGE_WIDTH_PT - 2 * MARGIN_PT - QR_SIZE_PT - 24) / Math.max(1, row.signers.length);
  for (const [index, signer] of row.signers.entries()) {
    const left = MARGIN_PT + index * signerWidth;
    const center = left + signerWidth / 2;
    const signature = await embedStoredImage(pdf, signer.signatureKey);
    if (signature) {
      const scaled = signature.scaleToFit(signerWidth - 24, 48);
      page.drawImage(signature, { x: center - scaled.width / 2, y: 150, ...scaled });
    }
    page.drawLine({ start: { x: left + 12, y: 144 }, end: { x: left + signerWidth - 12, y: 144 }, thickness: 0.75, color: ink });
    for (const [line, text] of [signer.name, signer.role].entries()) {
      const size = Math.min(11, ((signerWidth - 16) * 11) / Math.max(1, font.widthOfTextAtSize(text, 11)));
      page.drawText(text, { x: center - font.widthOfTextAtSize(text, size) / 2, y: 128 - line * 15, size, font, color: ink });
    }
  }

  // The QR: the verification link with the signed facts, drawn module by module.
  const { modules } = QRCode.create(qrPayloadOf(row), { errorCorrectionLevel: 'M' });
  const moduleSize = QR_SIZE_PT / modules.size;
  const qrLeft = PAGE_WIDTH_PT - MARGIN_PT - QR_SIZE_PT;
  const qrBottom = MARGIN_PT + 24;
  page.drawRectangle({ x: qrLeft - 4, y: qrBottom - 4, width: QR_SIZE_PT + 8, height: QR_SIZE_PT + 8, color: rgb(1, 1, 1) });
  for (let r = 0; r < modules.size; r += 1) {
    for (let c = 0; c < modules.size; c += 1) {
      if (modules.get(r, c)) page.drawRectangle({ x: qrLeft + c * moduleSize, y: qrBottom + QR_SIZE_PT - (r + 1) * moduleSize, width: moduleSize, height: moduleSize, color: rgb(0, 0, 0) });
    }
  }
  const codeText = t('certificates.pdf.code', { code: row.code });
  page.drawText(codeText, { x: PAGE_WIDTH_PT - MARGIN_PT - font.widthOfTextAtSize(codeText, 8), y: MARGIN_PT + 8, size: 8, font, color: ink });
  const verifyText = t('certificates.pdf.verifyAt', { url: qrPayloadOf(row).split('#')[0]! });
  page.drawText(verifyText, { x: MARGIN_PT, y: MARGIN_PT + 8, size: 8, font, color: ink });

  pdf.setTitle(row.title);
  pdf.setSubject(t('certificates.pdf.subject', { program: row.programName, code: row.code }));
  pdf.setKeywords([row.code]);
  pdf.setProducer('Senda');
  pdf.setCreationDate(row.issuedAt);
  return pdf.save();
}
