import { Card, Col, Row, Statistic, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmsScreen, shown } from './EmsScreen';
import { useMeter } from './MeterToolbar';
import { bandText } from './qualityBands';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

interface JudgedValue {
  sn: string;
  name: string;
  code?: string;
  unit: string;
  value: number | null;
  time?: string;
  lower?: number;
  upper?: number;
  exceeded?: boolean;
}

/** A judgement as a tag: within the limits, out of them, or no limit to judge by. */
export function JudgementTag({ exceeded }: { exceeded: boolean | undefined }) {
  const { t } = useTranslation();
  if (exceeded === undefined) return <Tag>{t('emsScreens.quality.noLimit')}</Tag>;
  return exceeded ? (
    <Tag color="red">{t('emsScreens.quality.out')}</Tag>
  ) : (
    <Tag color="green">{t('emsScreens.quality.within')}</Tag>
  );
}

/**
 * Power quality now: each measurement of a station's meter (phase voltages and currents,
 * frequency, power factor, harmonic distortion where the meter has them) at its latest stored
 * value, against the band of the station's power-quality limits; read again every 20 s.
 */
export function QualityRealtimePage() {
  const { t } = useTranslation();
  const { meter, error: meterError, toolbar } = useMeter();
  const values = useCallAnswer<JudgedValue[]>(
    'getQualityRealtime',
    meter ? { body: { deviceSn: meter.sn } } : undefined,
    0,
    20_000,
  );
  const judged = (values.data ?? []).filter((v) => v.exceeded !== undefined);
  return (
    <EmsScreen route="EmsPowerQualityRealtimeData" toolbar={toolbar} error={meterError ?? values.error}>
      <Row gutter={16}>
        {(
          [
            ['judged', judged.length],
            ['within', judged.filter((v) => !v.exceeded).length],
            ['out', judged.filter((v) => v.exceeded).length],
          ] as const
        ).map(([key, count]) => (
          <Col key={key} xs={8}>
            <Card size="small">
              <Statistic title={t(`emsScreens.quality.count.${key}`)} value={values.data ? count : '--'} />
            </Card>
          </Col>
        ))}
      </Row>
      <Table<JudgedValue>
        rowKey="sn"
        size="middle"
        pagination={false}
        loading={values.loading && !values.data}
        dataSource={values.data ?? []}
        columns={[
          { key: 'name', title: t('emsScreens.quality.measurement'), render: (_, v) => v.name },
          { key: 'value', title: t('emsScreens.value'), render: (_, v) => shown(v.value, v.unit) },
          { key: 'band', title: t('emsScreens.quality.band'), render: (_, v) => bandText(v, v.unit) || '--' },
          {
            key: 'judgement',
            title: t('emsScreens.quality.judgement'),
            render: (_, v) => <JudgementTag exceeded={v.exceeded} />,
          },
          { key: 'time', title: t('emsScreens.time'), render: (_, v) => v.time ?? '--' },
        ]}
      />
    </EmsScreen>
  );
}
