import { Card, Descriptions, Flex, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REFRESH_INTERVAL_MS } from '../../runtime/dashboard';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';
import { shown } from '../ems/EmsScreen';
import { energyFigures, nowFigures, PERIODS, type Flow, type StationDetail } from './stationDetail';

const UNITS: Record<Flow, string> = { pvPower: 'kW', pcsPower: 'kW', loadPower: 'kW', gridPower: 'kW', soc: '%' };

/** A card of the figures, named as a region by its title, taking its share of the row. */
function Panel({ title, flex, children }: { title: string; flex: string; children: ReactNode }) {
  return (
    <Card size="small" title={title} role="region" aria-label={title} style={{ flex }}>
      <Flex wrap gap="large">
        {children}
      </Flex>
    </Card>
  );
}

/**
 * What the station does now and its energy today, this month, this year and in all
 * (`getStationDetail`), above a station board's widgets and read again with them every 20 s.
 * Nothing is shown until the answer comes, nor when it fails: the widgets below say their own.
 */
export function StationDetailFigures({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const { data } = useCallAnswer<StationDetail>('getStationDetail', { params: { stationSn: sn } }, 0, REFRESH_INTERVAL_MS);
  if (!data) return null;
  const now = nowFigures(data);
  const { energies, periods } = energyFigures(data);
  return (
    <Flex wrap gap="middle" align="stretch">
      {now.length > 0 ? (
        <Panel title={t('siteViews.detail.now')} flex="1 1 320px">
          {now.map((figure) => {
            const title = t(`siteViews.detail.${figure.key}`);
            return (
              <div key={figure.key} role="group" aria-label={title} style={{ minWidth: 110 }}>
                <Statistic title={title} value={shown(figure.value, UNITS[figure.key])} />
                {figure.direction ? <span>{t(`siteViews.detail.${figure.direction}`)}</span> : null}
              </div>
            );
          })}
        </Panel>
      ) : null}
      {energies.length > 0 ? (
        <Panel title={t('siteViews.detail.energy')} flex="2 1 420px">
          {PERIODS.map((period) => (
            <Descriptions
              key={period}
              size="small"
              column={1}
              title={t(`siteViews.detail.${period}`)}
              style={{ minWidth: 170 }}
              items={energies.map((energy, index) => ({
                key: energy,
                label: t(`siteViews.detail.${energy}`),
                children: shown(periods[period][index], 'kWh'),
              }))}
            />
          ))}
        </Panel>
      ) : null}
    </Flex>
  );
}
