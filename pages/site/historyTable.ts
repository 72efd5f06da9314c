import type { CsvCell } from '../../runtime/format/csv';
import type { HistorySeries } from './historyOption';

/** A variable's highest or lowest stored value over a period, as `getAccuSummarized` answers it. */
export interface Extreme {
  sn: string;
  value: number | null;
}

/** A variable's samples of a period, as `getOneTimeDatas` answers them (the entries of its JSON text). */
interface Samples {
  sn: string;
  unit: string;
  values: { time: string; value: number | null }[];
}

/** A row of the table under the curves: one variable, its unit and figures ('--' where there is none). */
export interface CurveRow {
  sn: string;
  name: string;
  unit: string;
  points: number;
  min: number | '--';
  max: number | '--';
  average: number | '--';
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The table under the curves: per variable, the points drawn and their average, and its lowest
 * and highest stored values of the period (`lowest`, `highest`: answers of `getAccuSummarized`;
 * not the curve's own, whose points may be averages of several samples, so that a peak between
 * two points would be lost). Without an answer, or without a value in it, '--'.
 */
export function curveRows(
  series: HistorySeries[],
  names: { sn: string; name: string }[],
  lowest: Extreme[] | undefined,
  highest: Extreme[] | undefined,
): CurveRow[] {
  const extreme = (answer: Extreme[] | undefined, sn: string) => {
    const value = answer?.find((entry) => entry.sn === sn)?.value;
    return value === null || value === undefined ? '--' : round(value);
  };
  return series.map((curve) => {
    const values = curve.datas.map((point) => point.value);
    return {
      sn: curve.sn,
      name: names.find((entry) => entry.sn === curve.sn)?.name ?? curve.sn,
      unit: curve.unit,
      points: values.length,
      min: extreme(lowest, curve.sn),
      max: extreme(highest, curve.sn),
      average: values.length ? round(values.reduce((sum, value) => sum + value, 0) / values.length) : '--',
    };
  });
}

/**
 * The rows of the CSV file of a period's samples: a heading (`heading`: time, variable, serial
 * number, value, unit), then each variable's samples in time order, one per line, the variables in
 * the order given. `answer` is the JSON text `getOneTimeDatas` answers.
 */
export function sampleRows(answer: string, names: { sn: string; name: string }[], heading: string[]): CsvCell[][] {
  const entries = JSON.parse(answer) as Samples[];
  const order = (sn: string) => {
    const at = names.findIndex((entry) => entry.sn === sn);
    return at < 0 ? names.length : at;
  };
  return [
    heading,
    ...entries
      .sort((a, b) => order(a.sn) - order(b.sn))
      .flatMap((entry) => {
        const name = names.find((candidate) => candidate.sn === entry.sn)?.name ?? entry.sn;
        return entry.values.map((sample) => [sample.time, name, entry.sn, sample.value, entry.unit]);
      }),
  ];
}
