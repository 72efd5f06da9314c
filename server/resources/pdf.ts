import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);

/** A font with the Chinese characters of the platform's data and labels (Noto Sans SC, SIL Open Font License). */
export const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

/** A4 in points, and what the layout keeps around and between things. */
const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const FONT_SIZE = 9;
const CELL_PADDING = 4;
/** Past this many columns a page is laid landscape. */
const PORTRAIT_COLUMNS = 6;

export interface PdfTable {
  title: string;
  /** A line under the title, e.g. when the document was made. */
  subtitle: string;
  columns: string[];
  /** The text of each cell, row by row. */
  rows: AsyncIterable<string[][]>;
  /** The page footer, e.g. "Page 1 of 3". */
  pageLabel(page: number, pages: number): string;
}

/**
 * Lays a table out on A4 pages: the title on the first, the column heads on every page, rows
 * wrapped within their column and never split across pages, a page number at the foot of each.
 * Resolves to the whole document.
 */
export async function pdfOfTable(table: PdfTable): Promise<Buffer> {
  const landscape = table.columns.length > PORTRAIT_COLUMNS;
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: MARGIN, bufferPages: true });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pageWidth = landscape ? A4.height : A4.width;
  const pageHeight = landscape ? A4.width : A4.height;
  const bottom = pageHeight - MARGIN - FONT_SIZE * 2;
  const width = (pageWidth - 2 * MARGIN) / Math.max(table.columns.length, 1);
  const heightOf = (cells: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return Math.max(...cells.map((text) => doc.heightOfString(text, { width: width - 2 * CELL_PADDING }))) + 2 * CELL_PADDING;
  };
  const drawRow = (cells: string[], y: number, height: number, font: string, shaded: boolean) => {
    if (shaded) doc.rect(MARGIN, y, width * cells.length, height).fill('#F5F5F5');
    doc.fillColor('#000000').font(font).fontSize(FONT_SIZE);
    cells.forEach((text, index) => {
      const x = MARGIN + index * width;
      doc.rect(x, y, width, height).strokeColor('#D9D9D9').lineWidth(0.5).stroke();
      doc.fillColor('#000000').text(text, x + CELL_PADDING, y + CELL_PADDING, { width: width - 2 * CELL_PADDING });
    });
  };
  const drawHead = (y: number) => {
    const height = heightOf(table.columns, 'bold');
    drawRow(table.columns, y, height, 'bold', true);
    return y + height;
  };

  doc.font('bold').fontSize(16).text(table.title, MARGIN, MARGIN);
  doc.font('regular').fontSize(FONT_SIZE).fillColor('#595959').text(table.subtitle);
  let y = drawHead(doc.y + 8);
  for await (const batch of table.rows) {
    for (const cells of batch) {
      const height = heightOf(cells, 'regular');
      if (y + height > bottom) {
        doc.addPage();
        y = drawHead(MARGIN);
      }
      drawRow(cells, y, height, 'regular', false);
      y += height;
    }
  }

  pageNumbers(doc, table.pageLabel, MARGIN, FONT_SIZE);
  doc.end();
  return done;
}

/**
 * Numbers every page of a document whose pages are buffered (`bufferPages`): `label(page, pages)`
 * centred in the bottom margin, in the regular font at `fontSize`.
 */
export function pageNumbers(
  doc: PDFKit.PDFDocument,
  label: (page: number, pages: number) => string,
  margin: number,
  fontSize: number,
): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin, which must not start another page.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(fontSize)
      .fillColor('#595959')
      .text(label(index + 1, count), margin, doc.page.height - margin - fontSize, {
        width: doc.page.width - 2 * margin,
        align: 'center',
        lineBreak: false,
      });
  }
}
