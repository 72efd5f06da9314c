import { useState } from 'react';
import { useRuntime } from '../../runtime';
import { querytime, type Period } from '../site/seriesData';

/** Downloads a station's ledger of a period as the workbook the server writes; `exporting` while it comes. */
export function useLedgerExport(stationSn: string | undefined, period: Period) {
  const { api } = useRuntime();
  const [exporting, setExporting] = useState(false);
  const download = async () => {
    if (!stationSn) return;
    setExporting(true);
    try {
      const file = await api.download('exportStationLedger', {
        query: { stationSn, type: period.type, time: querytime(period) },
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file.blob);
      link.download = file.fileName;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch {
      // The API client has shown the failure.
    } finally {
      setExporting(false);
    }
  };
  return { exporting, download };
}
