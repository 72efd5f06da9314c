import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenSearch } from '../../runtime/shell/screenLocation';
import type { LedgerStation } from '../../generated/types';
import { label, useRuntime } from '../../runtime';
import { useAnswer } from '../../runtime/api/useAnswer';
import { PeriodPicker } from '../site/PeriodPicker';
import { querytime, type Period } from '../site/seriesData';
import { SiteScreen } from '../site/SiteScreen';
import { useStations, type StationRecord } from '../site/useStations';
import type { SiteScreenProps } from '../site/views';
import { LedgerFigures } from './LedgerFigures';
import { LedgerIntervalsTable } from './LedgerIntervalsTable';
import { LedgerPartsTable } from './LedgerPartsTable';
import { LedgerReadings } from './LedgerReadings';
import { LedgerRecomputes } from './LedgerRecomputes';
import { periodOfAddress } from './ledgerFormat';
import { useLedgerExport } from './useLedgerExport';

/**
 * A station's ledger of a period: its figures, then its parts, a day's intervals and stored
 * readings and the recomputations as tabs.
 */
function LedgerBody({ station, period, onOpen }: { station: StationRecord; period: Period; onOpen(period: Period): void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const time = querytime(period);
  // A reading corrected reads the ledger again, and the tab open stays open.
  const [corrections, setCorrections] = useState(0);
  const [tab, setTab] = useState('parts');
  const key = `${station.sn}:${period.type}:${time}:${corrections}`;
  const answer = useAnswer<LedgerStation>(
    () => api.call('getStationLedger', { query: { stationSn: station.sn, type: period.type, time } }, { silent: true }),
    key,
  );
  const ledger = answer.data;
  if (answer.error) return <Alert type="error" showIcon message={`${t('common.loadFailed')} ${answer.error}`} />;
  if (!ledger) return <Spin style={{ display: 'block', margin: 64 }} />;
  const tabs = [
    {
      key: 'parts',
      label: label(t, `ledger.partsOf.${ledger.type}`),
      children: <LedgerPartsTable ledger={ledger} onOpen={onOpen} />,
    },
    ...(ledger.intervals
      ? [{ key: 'intervals', label: t('ledger.tabs.intervals'), children: <LedgerIntervalsTable intervals={ledger.intervals} /> }]
      : []),
    // A day's stored readings, each of which may be corrected.
    ...(period.type === 'DAY'
      ? [
          {
            key: 'readings',
            label: t('ledger.tabs.readings'),
            children: (
              <LedgerReadings
                stationSn={station.sn}
                day={time}
                version={key}
                onCorrected={() => setCorrections((count) => count + 1)}
              />
            ),
          },
        ]
      : []),
    {
      key: 'recomputes',
      label: t('ledger.tabs.recomputes'),
      children: <LedgerRecomputes stationSn={station.sn} version={key} />,
    },
  ];
  return (
    <Flex vertical gap="middle">
      <LedgerFigures ledger={ledger} />
      {/* A tab the period has not (a day's, in a month) gives way to the first. */}
      <Tabs activeKey={tabs.some((item) => item.key === tab) ? tab : 'parts'} onChange={setTab} items={tabs} />
    </Flex>
  );
}

/**
 * A station's money page: pick a station and a day, month or year; its settlement ledger against
 * the stated baseline in the station's zone, the intervals behind each figure, the recomputations,
 * and the ledger as an Excel workbook. The address may name the station and the period
 * (`?station=T2-ST1&type=MONTH&time=2026-10`), as the fleet ranking's links do.
 */
export function LedgerStationScreen({ route = '' }: SiteScreenProps) {
  const { t } = useTranslation();
  const choice = useStations();
  const [search] = useScreenSearch();
  const [period, setPeriod] = useState<Period>(() => periodOfAddress(search));
  const workbook = useLedgerExport(choice.station?.sn, period);
  return (
    <SiteScreen
      route={route}
      choice={choice}
      tools={
        <>
          <PeriodPicker value={period} onChange={setPeriod} />
          <Button icon={<DownloadOutlined />} loading={workbook.exporting} onClick={() => void workbook.download()}>
            {t('ledger.export')}
          </Button>
        </>
      }
    >
      {(station) => <LedgerBody station={station} period={period} onOpen={setPeriod} />}
    </SiteScreen>
  );
}
