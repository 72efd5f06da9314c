import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, safeFileName } from '../format/csv';
import { StationZoneNote } from '../format/StationZoneNote';
import { ScrollBox } from '../table/ScrollBox';
import type { WidgetConfig } from './document';
import { failureOf, overallState } from './figures';
import { answerTable, inspectFileName, type InspectCell } from './inspectRows';
import type { SlotState } from './needs';
import type { AnyWidgetDefinition, WidgetContext } from './widget';

export interface InspectDialogProps {
  /** The widget's title, as its frame shows it. */
  title: string;
  definition: AnyWidgetDefinition;
  config: WidgetConfig;
  /** What the widget received from the dashboard's scheduler: shown as it is, never fetched again. */
  data: Record<string, SlotState>;
  context: WidgetContext;
  onClose(): void;
}

/** The page sizes of the specification's tables. */
const PAGE_SIZES = [10, 15, 20, 30, 40, 50];

/** Whether a column holds figures: numbers, and no text. */
const figures = (rows: InspectCell[][], column: number) =>
  rows.some((row) => typeof row[column] === 'number') && rows.every((row) => typeof row[column] !== 'string');

/** A cell as the table writes it: no value is the specification's '--'. */
const shown = (cell: InspectCell | undefined) => (cell === null || cell === undefined ? '--' : String(cell));

/**
 * 'Inspect data': the times and values behind a widget in a table (the widget's own rows where it
 * gives them, else every answer read alike), with a CSV download of the same rows. It follows the
 * widget's refreshes while open.
 */
export function InspectDialog({ title, definition, config, data, context, onClose }: InspectDialogProps) {
  const { t } = useTranslation();
  const table = useMemo(() => {
    const headings = {
      time: t('dashboard.inspect.time'),
      name: t('dashboard.inspect.name'),
      value: t('dashboard.inspect.value'),
      unit: t('dashboard.inspect.unit'),
    };
    return (definition.inspect ?? answerTable)(config, data, headings, context);
  }, [definition, config, data, context, t]);
  const failure = failureOf(data);
  const download = () =>
    downloadCsv([table.columns, ...table.rows], safeFileName(inspectFileName(title, { ...context, now: Date.now() })));
  return (
    <Modal
      open
      title={t('dashboard.inspect.title', { title })}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        <Button type="primary" icon={<DownloadOutlined />} disabled={table.rows.length === 0} onClick={download}>
          {t('dashboard.inspect.download')}
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <StationZoneNote timeZones={[context.station.timeZone]} />
        {failure !== undefined ? <Alert type="error" showIcon message={failure || t('common.loadFailed')} /> : null}
        <ScrollBox label={t('dashboard.inspect.table', { title })}>
          <Table<{ key: number; cells: InspectCell[] }>
            size="small"
            loading={overallState(data) === 'loading'}
            dataSource={table.rows.map((cells, key) => ({ key, cells }))}
            columns={table.columns.map((heading, index) => ({
              key: String(index),
              title: heading,
              // A column of figures lines them up by their digits.
              align: figures(table.rows, index) ? ('right' as const) : undefined,
              render: (_: unknown, row) => shown(row.cells[index]),
            }))}
            // Ten rows: the dialog and its download fit a laptop's screen.
            pagination={{ defaultPageSize: 10, pageSizeOptions: PAGE_SIZES, showSizeChanger: true, hideOnSinglePage: true }}
          />
        </ScrollBox>
      </Space>
    </Modal>
  );
}
