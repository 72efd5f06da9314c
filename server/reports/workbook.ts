import ExcelJS from 'exceljs';
import type { ReportDocument } from './render';

/** Excel's own limit on a sheet name, and the characters it refuses in one. */
const SHEET_NAME_MAX = 31;
const SHEET_NAME_BAD = /[\\/?*[\]:]/g;

/**
 * A report as an Excel workbook with the PDF's figures: a first sheet with the title, the period
 * and the zone, then a sheet per station (each table under its title); figures stay numbers,
 * shown with thousands separators and two decimals.
 */
export async function reportWorkbook(document: ReportDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const about = workbook.addWorksheet('Report');
  about.addRow([document.title]).font = { bold: true, size: 14 };
  for (const line of document.lines) about.addRow([line]);
  about.getColumn(1).width = 80;
  const names = new Set<string>(['Report']);
  document.sections.forEach((section, index) => {
    let name = section.heading.replace(SHEET_NAME_BAD, ' ').slice(0, SHEET_NAME_MAX);
    if (names.has(name)) name = `${name.slice(0, SHEET_NAME_MAX - 4)} ${index + 1}`;
    names.add(name);
    const sheet = workbook.addWorksheet(name);
    sheet.addRow([section.heading]).font = { bold: true, size: 12 };
    for (const table of section.tables) {
      sheet.addRow([]);
      sheet.addRow([table.title]).font = { bold: true };
      sheet.addRow(table.columns).font = { bold: true };
      if (table.rows.length === 0 && table.empty) sheet.addRow([table.empty]);
      for (const cells of table.rows) {
        const row = sheet.addRow(cells.map((c) => c ?? null));
        for (const column of table.figures) row.getCell(column + 1).numFmt = '#,##0.00';
      }
    }
    sheet.columns.forEach((column) => {
      column.width = 18;
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
