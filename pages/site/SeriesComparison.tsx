import { Card, Empty, Flex, Select, Space, Statistic } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCanvas } from '../../runtime/dashboard';
import type { SeriesFigures } from './seriesData';

export interface ComparedPeriods {
  current: SeriesFigures[];
  previous: SeriesFigures[];
  lastYear?: SeriesFigures[];
}

const round = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100) / 100;
const change = (now: number | null | undefined, before: number | null | undefined) =>
  now === null || now === undefined || !before ? '--' : `${Math.round(((now - before) / before) * 1000) / 10}%`;

/**
 * One series (picked among the source's) over the period, the period before and the same period a
 * year before: the three totals with the change against each, and the three curves.
 */
export function SeriesComparison({ current, previous, lastYear }: ComparedPeriods) {
  const { t } = useTranslation();
  const [key, setKey] = useState<string>();
  const chosen = current.find((entry) => entry.key === key) ?? current[0];
  if (!chosen) return <Empty description={t('common.empty')} />;
  const before = previous.find((entry) => entry.key === chosen.key);
  const yearBefore = lastYear?.find((entry) => entry.key === chosen.key);
  const unit = chosen.unit;
  const lines = [
    { label: t('siteViews.compare.current'), data: chosen.datas },
    { label: t('siteViews.compare.previous'), data: before?.datas ?? [] },
    ...(lastYear ? [{ label: t('siteViews.compare.lastYear'), data: yearBefore?.datas ?? [] }] : []),
  ];
  return (
    <Flex vertical gap="middle">
      <Select
        aria-label={t('siteViews.series.name')}
        value={chosen.key}
        style={{ minWidth: 240, alignSelf: 'flex-start' }}
        options={current.map((entry) => ({ value: entry.key, label: entry.name }))}
        onChange={setKey}
      />
      <Card size="small" title={chosen.name} role="region" aria-label={t('siteViews.compare.figures')}>
        <Space size="large" wrap>
          <Statistic title={t('siteViews.compare.current')} value={round(chosen.value) ?? '--'} suffix={unit} />
          <Statistic title={t('siteViews.compare.previous')} value={round(before?.value) ?? '--'} suffix={unit} />
          <Statistic title={t('siteViews.compare.againstPrevious')} value={change(chosen.value, before?.value)} />
          {lastYear ? (
            <>
              <Statistic title={t('siteViews.compare.lastYear')} value={round(yearBefore?.value) ?? '--'} suffix={unit} />
              <Statistic title={t('siteViews.compare.againstLastYear')} value={change(chosen.value, yearBefore?.value)} />
            </>
          ) : null}
        </Space>
      </Card>
      <div style={{ height: 320 }}>
        <ChartCanvas
          label={t('siteViews.compare.curves')}
          config={{
            type: 'line',
            data: {
              labels: chosen.timeKeys.map((_, index) => String(index + 1)),
              datasets: lines.map((line) => ({ ...line, spanGaps: true })),
            },
            options: { animation: false },
          }}
        />
      </div>
    </Flex>
  );
}
