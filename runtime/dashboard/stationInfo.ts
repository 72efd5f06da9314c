import type { TFunction } from 'i18next';
import { enumLabel } from '../i18n/labels';
import type { StationContext } from './context';

/** Station fields whose values are codes of a code list, by field: their list's name. */
const CODED: Record<string, string> = { powerSupplyType: 'powerSupplyType', voltageClass: 'voltageClass' };

/**
 * A field of the station as the key data widgets show it (`stationValue`: name, address, capacity,
 * the power supply type …): a coded field by its label, an empty one as "--".
 */
export function stationInfoText(t: TFunction, station: StationContext, field: string): string {
  const value = station.fields[field];
  if (value === null || value === undefined || value === '') return '--';
  const code = CODED[field];
  return code ? enumLabel(t, code, value) : String(value);
}
