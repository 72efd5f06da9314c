import { Card, Empty, Flex, Select, Space, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../runtime/dashboard';
import { comparisonOption, type ComparedLine } from './comparisonOption';
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
  const before = previous.find((entry) => entry.key === chosen?.key);
  const yearBefore = lastYear?.find((entry) => entry.key === chosen?.key);
  const option = useMemo(() => {
    if (!chosen) return undefined;
    const lines: ComparedLine[] = [
      { name: t('siteViews.compare.current'), data: chosen.datas },
      { name: t('siteViews.compare.previous'), data: before?.datas ?? [] },
      ...(lastYear ? [{ name: t('siteViews.compare.lastYear'), data: yearBefore?.datas ?? [] }] : []),
    ];
    return comparisonOption(lines, chosen.timeKeys, chosen.unit);
  }, [chosen, before, lastYear, yearBefore, t]);
  if (!chosen || !option) return <Empty description={t('common.empty')} />;
  const unit = chosen.unit;
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
      <EChart option={option} label={t('siteViews.compare.curves')} height={320} />
    </Flex>
  );
}
