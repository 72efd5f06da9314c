import { Card, Col, DatePicker, Descriptions, Row, Segmented, Spin, Statistic } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmsScreen, shown } from './EmsScreen';
import { useMeter } from './MeterToolbar';
import { JudgementTag } from './QualityRealtimePage';
import { UnbalanceChart } from './UnbalanceChart';
import type { UnbalancePoint } from './unbalanceOption';
import { stationClock } from '../../runtime/format/timeZones';
import { useCallAnswer } from '../../runtime/list/useCallAnswer';

type Phases = { a: number | null; b: number | null; c: number | null };

interface Unbalance {
  limits: { voltageUnbalance: number; currentUnbalance: number };
  latest: { time?: string; voltage: Phases; current: Phases; voltageUnbalance: number | null; currentUnbalance: number | null };
  points: UnbalancePoint[];
  maxVoltageUnbalance: number | null;
  maxCurrentUnbalance: number | null;
  voltageExceeded: number;
  currentExceeded: number;
}

const judged = (value: number | null, limit: number) => (value === null ? undefined : value > limit);

/**
 * Three-phase unbalance of a meter, computed by the server from its phase values: the phases and
 * their unbalance now, and each hour of a day (or day of a month) against the station's limits.
 */
export function QualityUnbalancePage() {
  const { t } = useTranslation();
  const { station, meter, error: meterError, toolbar } = useMeter();
  const [type, setType] = useState<'DAY' | 'MONTH'>('DAY');
  // The station's today until another day or month is picked.
  const [picked, setTime] = useState<Dayjs>();
  const time = picked ?? stationClock(station?.timeZone);
  const answer = useCallAnswer<Unbalance>(
    'getQualityUnbalance',
    meter ? { query: { deviceSn: meter.sn, type, time: time.format(type === 'DAY' ? 'YYYY-MM-DD' : 'YYYY-MM') } } : undefined,
    0,
    60_000,
  );
  const data = answer.data;
  const phases = (values: Phases, unit: string) =>
    (['a', 'b', 'c'] as const).map((phase) => ({
      key: phase,
      label: t(`emsScreens.unbalance.phase.${phase}`),
      children: shown(values[phase], unit),
    }));
  return (
    <EmsScreen
      route="EmsPowerQualityThreePhaseUnbalance"
      toolbar={
        <>
          {toolbar}
          <Segmented
            aria-label={t('emsScreens.period')}
            value={type}
            onChange={(value) => setType(value as 'DAY' | 'MONTH')}
            options={[
              { value: 'DAY', label: t('emsScreens.day') },
              { value: 'MONTH', label: t('emsScreens.month') },
            ]}
          />
          <DatePicker
            picker={type === 'DAY' ? 'date' : 'month'}
            aria-label={t(type === 'DAY' ? 'emsScreens.day' : 'emsScreens.month')}
            value={time}
            allowClear={false}
            onChange={(value) => value && setTime(value)}
          />
        </>
      }
      error={meterError ?? answer.error}
    >
      {!data ? (
        <Spin />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {(
              [
                ['voltage', data.latest.voltageUnbalance, data.limits.voltageUnbalance, data.latest.voltage, 'V'],
                ['current', data.latest.currentUnbalance, data.limits.currentUnbalance, data.latest.current, 'A'],
              ] as const
            ).map(([key, now, limit, values, unit]) => (
              <Col key={key} xs={24} lg={12}>
                <section aria-label={t(`emsScreens.unbalance.${key}`)}>
                  <Card
                    size="small"
                    title={t(`emsScreens.unbalance.${key}`)}
                    extra={<JudgementTag exceeded={judged(now, limit)} />}
                  >
                    <Statistic title={t('emsScreens.unbalance.now', { limit })} value={shown(now, '%')} />
                    <Descriptions size="small" column={3} items={phases(values, unit)} />
                  </Card>
                </section>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            {(
              [
                ['maxVoltage', shown(data.maxVoltageUnbalance, '%')],
                ['maxCurrent', shown(data.maxCurrentUnbalance, '%')],
                ['voltageExceeded', data.voltageExceeded],
                ['currentExceeded', data.currentExceeded],
              ] as const
            ).map(([key, value]) => (
              <Col key={key} xs={12} md={6}>
                <Card size="small">
                  <Statistic title={t(`emsScreens.unbalance.${key}.${type}`)} value={value} />
                </Card>
              </Col>
            ))}
          </Row>
          {data.points.length ? <UnbalanceChart points={data.points} limits={data.limits} /> : null}
        </>
      )}
    </EmsScreen>
  );
}
