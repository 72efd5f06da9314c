/** A cell of a CSV file: written as its text, empty when there is none. */
export type CsvCell = string | number | boolean | null | undefined;

/** The byte order mark: spreadsheet programs (Excel) read a file as UTF-8, Chinese names included, only when it starts with it. */
const BOM = '\uFEFF';

/** Text a spreadsheet program would take for a formula: written after an apostrophe, so that it opens as the text it is. */
const FORMULA = /^[=+\-@\t\r]/;

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  const text = typeof cell === 'string' && FORMULA.test(cell) ? `'${cell}` : String(cell);
  // Quoted where a comma, a quote, a line break or spaces at either end would otherwise be lost or misread.
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as the text of a CSV file (RFC 4180: commas, CRLF line ends, fields quoted where needed), after the byte order mark. */
export function csvText(rows: CsvCell[][]): string {
  return `${BOM}${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A name that every file system takes: the characters Windows refuses in a file name replaced. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || '_';
}

/** Saves rows as a CSV file (UTF-8 with its byte order mark) through the browser's download. */
export function downloadCsv(rows: CsvCell[][], fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csvText(rows)], { type: 'text/csv;charset=utf-8' }));
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(link.href);
}
