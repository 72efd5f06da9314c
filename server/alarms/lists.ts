import comparisonSchema from '../../schemas/enums/alarmComparison.json';
import levelSchema from '../../schemas/enums/alarmLevel.json';
import sourceSchema from '../../schemas/enums/alarmSource.json';
import type { Translate } from '../i18n';
import type { Comparison } from './engine';

/** A code of a fixed alarm list with its name (`schemas/calls/alarmCodeOption.json`). */
export interface CodeOption {
  code: string;
  name: string;
  color?: string;
  symbol?: string;
}

/** Display colours of the levels: the product's red for critical, then orange, gold and blue. */
const LEVEL_COLORS: Record<string, string> = {
  critical: '#F5222D',
  major: '#FA8C16',
  minor: '#FADB14',
  notice: '#1677FF',
};

const SYMBOLS: Record<Comparison, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠', offline: '⊘' };

/** The alarm levels, most serious first, named in the language of the request. */
export function levels(t: Translate): CodeOption[] {
  return levelSchema.enum.map((code) => ({ code, name: t(`enums.alarmLevel.${code}`), color: LEVEL_COLORS[code] ?? '#8C8C8C' }));
}

/** What alarm types can be about. */
export function sources(t: Translate): CodeOption[] {
  return sourceSchema.enum.map((code) => ({ code, name: t(`enums.alarmSource.${code}`) }));
}

/** The comparisons a rule can make, with their symbols. */
export function comparisons(t: Translate): CodeOption[] {
  return comparisonSchema.enum.map((code) => ({
    code,
    name: t(`enums.alarmComparison.${code}`),
    symbol: SYMBOLS[code as Comparison],
  }));
}
