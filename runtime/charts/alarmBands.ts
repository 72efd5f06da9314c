import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TFunction } from 'i18next';
import type { Alarm, AlarmLevel } from '../../generated/types';
import { enumLabel, label } from '../i18n/labels';
import type { ChartOption, LineSeriesOption } from './option';
import { wallClock } from './time';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The colour of each alarm level: the error red, then the orange, the warning gold and the info
 * blue of the Ant Design palette, mid tones that stand out on the light and the dark background.
 */
export const LEVEL_COLORS: Record<AlarmLevel, string> = {
  critical: '#F5222D',
  major: '#FA8C16',
  minor: '#FAAD14',
  notice: '#1677FF',
};

/** An alarm as a band on a time axis (the station's clock read as UTC, as `wallClock` gives it). */
export interface AlarmBand {
  alarm: Alarm;
  start: number;
  end: number;
  /** Still open: the band runs to the end of the period. */
  active: boolean;
}

/** The words of an alarm's tooltip. */
export interface AlarmBandNames {
  level: (level: AlarmLevel) => string;
  device: string;
  start: string;
  end: string;
  /** Written as the end of an alarm still open. */
  active: string;
}

/** The tooltip's words in the user's language (labels every screen has, the dashboard included). */
export const alarmBandNames = (t: TFunction): AlarmBandNames => ({
  level: (level) => enumLabel(t, 'alarmLevel', level),
  device: label(t, 'alarms.band.device'),
  start: label(t, 'alarms.band.start'),
  end: label(t, 'alarms.band.end'),
  active: label(t, 'alarms.open'),
});

/** Narrowest band, as a share of the period: a momentary alarm stays visible and can be pointed at. */
const MIN_SHARE = 1 / 200;

const local = (time: string, zone: string): number => wallClock(dayjs(time).tz(zone).format('YYYY-MM-DD HH:mm:ss'));

/**
 * The bands of the alarms over a period of a station (its zone): from the alarm's start to its
 * recovery, or to the end of the period while it is open; cut to the period, at least
 * `MIN_SHARE` of it wide; the alarms outside the period left out.
 */
export function alarmBands(alarms: Alarm[], zone: string, span: { min: number; max: number }): AlarmBand[] {
  const least = (span.max - span.min) * MIN_SHARE;
  return alarms.flatMap((alarm): AlarmBand[] => {
    if (!alarm.reportTime) return [];
    const start = Math.max(span.min, local(alarm.reportTime, zone));
    const active = !alarm.recoverTime;
    const end = Math.min(span.max, alarm.recoverTime ? local(alarm.recoverTime, zone) : span.max);
    if (start >= span.max || end < span.min) return [];
    return [{ alarm, start, end: Math.min(span.max, Math.max(end, start + least)), active }];
  });
}

const escape = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const clock = (time: number): string => new Date(time).toISOString().slice(0, 19).replace('T', ' ');

/** What the tooltip of a band says: the alarm's text, level, device, and its start and end in the station's clock. */
export function alarmTooltip(band: AlarmBand, names: AlarmBandNames, zone: string): string {
  const { alarm } = band;
  const level = alarm.level ? names.level(alarm.level) : '';
  const color = alarm.level ? LEVEL_COLORS[alarm.level] : LEVEL_COLORS.notice;
  const at = (time: string | undefined) => (time ? clock(local(time, zone)) : names.active);
  return [
    `<b>${escape(alarm.info ?? alarm.generatorName ?? '')}</b>`,
    `<span style="color:${color}">\u25CF</span> ${escape(level)}`,
    `${escape(names.device)}: ${escape(alarm.deviceName ?? '--')}`,
    `${escape(names.start)}: ${at(alarm.reportTime)}`,
    `${escape(names.end)}: ${at(alarm.recoverTime)}`,
  ].join('<br/>');
}

/**
 * The bands as ECharts draws them on a series (`markArea`), each in its level's colour, an open
 * alarm with a dashed edge; pointing at a band shows its alarm, a click reports its index
 * (`dataIndex`).
 */
export function alarmBandArea(bands: AlarmBand[], names: AlarmBandNames, zone: string): LineSeriesOption['markArea'] {
  return {
    tooltip: {
      trigger: 'item',
      // Inside the chart: a widget's frame cuts off what passes its edge (on a phone, half the text).
      confine: true,
      formatter: (params) => {
        const band = bands[(params as { dataIndex: number }).dataIndex];
        return band ? alarmTooltip(band, names, zone) : '';
      },
    },
    label: { show: false },
    emphasis: { label: { show: false } },
    data: bands.map(({ alarm, start, end, active }) => {
      const color = alarm.level ? LEVEL_COLORS[alarm.level] : LEVEL_COLORS.notice;
      return [
        {
          name: alarm.info ?? '',
          xAxis: start,
          itemStyle: { color, opacity: 0.18, borderColor: color, borderWidth: 1, borderType: active ? 'dashed' : 'solid' },
        },
        { xAxis: end },
      ];
    }),
  };
}

/**
 * A chart of curves with the bands of alarms on its first series (a series of their own would be
 * one more series to every reader of the chart's series); left as it was without bands or series.
 */
export function withAlarmBands(option: ChartOption, bands: AlarmBand[], names: AlarmBandNames, zone: string): ChartOption {
  const series = Array.isArray(option.series) ? option.series : option.series ? [option.series] : [];
  const [first, ...rest] = series;
  if (bands.length === 0 || !first) return option;
  return { ...option, series: [{ ...first, markArea: alarmBandArea(bands, names, zone) } as typeof first, ...rest] };
}

/** The alarm of a chart click, when it was on a band (the marks of the first series). */
export function clickedAlarm(
  bands: AlarmBand[],
  event: { componentType?: string; seriesIndex?: number; dataIndex?: number },
): Alarm | undefined {
  if (event.componentType !== 'markArea' || event.seriesIndex !== 0) return undefined;
  return bands[event.dataIndex ?? -1]?.alarm;
}
