import dayjs from 'dayjs';
import type { DashboardDocument } from '../../runtime/dashboard';

/** The station a dashboard file was exported from, as the file names it. */
export interface FileSource {
  stationSn: string;
  stationName?: string;
}

/**
 * What a dashboard file holds: the document without what belongs to the station it was saved on
 * (the version a save is made from, who saved it and when), so that it can be imported onto any
 * station; and, apart from the document, the station it was exported from (`source`), from whose
 * devices an import onto another station rebinds its variables. Files of before it have none.
 */
export type DashboardFile = Pick<DashboardDocument, 'schemaVersion' | 'layouts' | 'widgets'> & { source?: FileSource };

/** The largest file an import reads (1 MB): a dashboard of 100 widgets with long texts takes a tenth of it. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** The part of a document that travels in a file, without its source. */
export function dashboardFile(document: DashboardDocument): DashboardFile {
  const { schemaVersion, layouts, widgets } = document;
  return { schemaVersion, layouts, widgets };
}

/**
 * The file a station's dashboard exports to: `dashboard-<station>-<YYYY-MM-DD>.json`, dated the day
 * of the export, naming the station first.
 */
export function exportedFile(
  document: DashboardDocument,
  now = new Date(),
  stationName?: string,
): { name: string; text: string } {
  const source: FileSource = { stationSn: document.stationSn, ...(stationName ? { stationName } : {}) };
  return {
    name: `dashboard-${document.stationSn}-${dayjs(now).format('YYYY-MM-DD')}.json`,
    text: `${JSON.stringify({ source, ...dashboardFile(document) }, null, 2)}\n`,
  };
}

/**
 * The edit that puts a file's dashboard in place of the one shown (an editor store recipe): the
 * station and the version the next save is made from stay the document's.
 */
export function replaceContent(document: DashboardDocument, file: DashboardFile): void {
  document.schemaVersion = file.schemaVersion;
  document.layouts = file.layouts;
  document.widgets = file.widgets;
}
