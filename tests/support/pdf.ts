import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** Size in points. */
  width: number;
  height: number;
  /** The text of the page, its pieces joined by spaces. */
  text: string;
}

/** The pages of a PDF document as a reader sees them: their size and their text. */
export async function readPdf(data: Buffer): Promise<PdfPage[]> {
  const loading = getDocument({ data: new Uint8Array(data), useSystemFonts: false });
  const document = await loading.promise;
  const pages: PdfPage[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width, height, text });
  }
  await loading.destroy();
  return pages;
}
