import { DownloadOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SeriesFigures } from './seriesData';
import { downloadCsv } from '../../runtime/format/csv';
import { ScrollBox } from '../../runtime/table/ScrollBox';
import { variableLabel } from '../../runtime/charts/seriesName';

const round = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(Math.round(value * 100) / 100);

/** The report as rows of text: a heading, then a row per hour, day or month, then the totals. */
export function reportRows(series: SeriesFigures[], timeTitle: string, totalTitle: string): string[][] {
  const heading = [timeTitle, ...series.map(variableLabel)];
  const times = series[0]?.timeKeys ?? [];
  const body = times.map((time, index) => [time, ...series.map((entry) => round(entry.datas[index]))]);
  return [heading, ...body, [totalTitle, ...series.map((entry) => round(entry.value))]];
}

/** The series' figures per hour, day or month in a table with their totals, exportable as CSV. */
export function SeriesReport({ series, fileName }: { series: SeriesFigures[]; fileName: string }) {
  const { t } = useTranslation();
  if (series.length === 0) return <Empty description={t('common.empty')} />;
  const [heading = [], ...rows] = reportRows(series, t('siteViews.report.time'), t('siteViews.report.total'));
  const download = () => downloadCsv([heading, ...rows], `${fileName}.csv`);
  return (
    <Flex vertical gap="middle">
      <Button icon={<DownloadOutlined aria-hidden />} style={{ alignSelf: 'flex-start' }} onClick={download}>
        {t('siteViews.report.export')}
      </Button>
      <ScrollBox label={fileName}>
        <Table
          size="small"
          rowKey={(row) => row[0] ?? ''}
          pagination={false}
          dataSource={rows}
          columns={heading.map((title, index) => ({
            key: String(index),
            title,
            render: (_: unknown, row: string[]) => row[index],
          }))}
        />
      </ScrollBox>
    </Flex>
  );
}
