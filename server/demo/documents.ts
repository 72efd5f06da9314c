import { pdfOfTable } from '../resources/pdf';

/**
 * Documents laid out already, by their content. Laying a page out in the Chinese font takes about
 * 20 ms, mostly reading and parsing the font; the demo's documents are the same for every tenant,
 * so each is laid out once and stored for each tenant. A few dozen PDFs of ~12 KB at most.
 */
const laidOut = new Map<string, Promise<Buffer>>();

/**
 * A demo document as a PDF on A4: its title, a line under it, and the facts of the record it
 * belongs to as a table of item and content — so that a document the demo names opens as what it
 * says it is.
 */
export function demoDocument(title: string, subtitle: string, facts: [string, string][]): Promise<Buffer> {
  const key = JSON.stringify([title, subtitle, facts]);
  let document = laidOut.get(key);
  if (!document) {
    document = pdfOfTable({
      title,
      subtitle,
      columns: ['项目', '内容'],
      rows: (async function* () {
        yield facts;
      })(),
      pageLabel: (page, pages) => `第 ${page} 页，共 ${pages} 页`,
    });
    laidOut.set(key, document);
  }
  return document;
}
