import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { FONTS, pageNumbers } from '../resources/pdf';
import type { Translate } from '../i18n';
import { chartSvg, type ReportChart } from './charts';
import { figure, type ReportDocument, type ReportTable } from './render';

const MARGIN = 40;
const FONT_SIZE = 8.5;
const PADDING = 3;
/** A4 in points, portrait. */
const PAGE = { width: 595.28, height: 841.89 };
const CHART_HEIGHT = 180;

/**
 * A report as an A4 PDF whose text is text (searchable and copyable, in the platform's CJK font):
 * the title, the period and the zone, then each station's chart and tables, the tables' heads
 * repeated on a new page.
 */
export function reportPdf(document: ReportDocument, t: Translate): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: document.title } });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const bottom = PAGE.height - MARGIN - FONT_SIZE * 2;
  const usable = PAGE.width - 2 * MARGIN;
  let y = MARGIN;
  const room = (height: number) => {
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
    }
  };
  const text = (value: string, font: string, size: number, color = '#000000') => {
    doc.font(font).fontSize(size);
    const height = doc.heightOfString(value, { width: usable });
    room(height);
    doc.fillColor(color).text(value, MARGIN, y, { width: usable });
    y += height + 2;
  };

  const chart = (spec: ReportChart) => {
    doc.font('bold').fontSize(10);
    room(doc.heightOfString(spec.title, { width: usable }) + 2 + CHART_HEIGHT);
    text(spec.title, 'bold', 10);
    // The SVG is drawn in points (svg-to-pdfkit would take its pixels for 0.75 pt each).
    SVGtoPDF(doc, chartSvg(spec, usable, CHART_HEIGHT), MARGIN, y, { assumePt: true, fontCallback: () => 'regular' });
    y += CHART_HEIGHT + 10;
  };

  const table = (spec: ReportTable) => {
    text(spec.title, 'bold', 10);
    if (spec.rows.length === 0) {
      text(spec.empty ?? '', 'regular', FONT_SIZE, '#595959');
      y += 6;
      return;
    }
    const width = usable / spec.columns.length;
    const cell = (value: string | number | null, column: number) =>
      spec.figures.includes(column) && typeof value !== 'string' ? figure(value) : String(value ?? '—');
    const heightOf = (cells: string[], font: string) => {
      doc.font(font).fontSize(FONT_SIZE);
      return Math.max(...cells.map((c) => doc.heightOfString(c, { width: width - 2 * PADDING }))) + 2 * PADDING;
    };
    const draw = (cells: string[], font: string, shaded: boolean) => {
      const height = heightOf(cells, font);
      if (shaded) doc.rect(MARGIN, y, usable, height).fill('#F5F5F5');
      cells.forEach((c, index) => {
        const x = MARGIN + index * width;
        doc.rect(x, y, width, height).strokeColor('#D9D9D9').lineWidth(0.5).stroke();
        doc
          .fillColor('#000000')
          .font(font)
          .fontSize(FONT_SIZE)
          .text(c, x + PADDING, y + PADDING, {
            width: width - 2 * PADDING,
            align: spec.figures.includes(index) && !shaded ? 'right' : 'left',
          });
      });
      y += height;
    };
    const head = () => draw(spec.columns, 'bold', true);
    room(heightOf(spec.columns, 'bold') * 2);
    head();
    for (const row of spec.rows) {
      const cells = row.map(cell);
      if (y + heightOf(cells, 'regular') > bottom) {
        doc.addPage();
        y = MARGIN;
        head();
      }
      draw(cells, 'regular', false);
    }
    y += 10;
  };

  text(document.title, 'bold', 16);
  for (const line of document.lines) text(line, 'regular', 9, '#595959');
  y += 6;
  for (const section of document.sections) {
    text(section.heading, 'bold', 12);
    if (section.chart) chart(section.chart);
    for (const spec of section.tables) table(spec);
  }
  pageNumbers(doc, (page, pages) => t('reports.doc.page', { page: String(page), pages: String(pages) }), MARGIN, FONT_SIZE);
  doc.end();
  return done;
}
