import { useState } from 'react';
import { useRuntime } from '../../runtime';
import { saveFile } from '../../runtime/api/saveFile';
import { querytime, type Period } from '../site/seriesData';

/** Downloads a station's ledger of a period as the workbook the server writes; `exporting` while it comes. */
export function useLedgerExport(stationSn: string | undefined, period: Period) {
  const { api } = useRuntime();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    if (!stationSn) return;
    setExporting(true);
    try {
      saveFile(await api.download('exportStationLedger', { query: { stationSn, type: period.type, time: querytime(period) } }));
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
