import type { EntityRecord } from '../resources/repository';
import { LAST_REGISTER, readsBits, widthOf, type ReadCode, type RegisterMap } from './registers';

/** A map as saved, and the maps of the other variables of its device (with their names, to say which one overlaps). */
export type MapUnderCheck = Pick<RegisterMap, 'functionCode' | 'register' | 'dataType'>;
export type SiblingMap = MapUnderCheck & { variableName: string };

/** A stored or sent map (a `variableMap` record), as the rules read it: function code 3 unless it says otherwise. */
export const asMap = (record: EntityRecord): MapUnderCheck => ({
  functionCode: Number(record.functionCode ?? 3) as ReadCode,
  register: Number(record.register),
  dataType: record.dataType as RegisterMap['dataType'],
});

/** Why a register map cannot be read: the field it is about, the message's label and its values. */
export interface MapRefusal {
  path: 'dataType' | 'register';
  key: string;
  params: Record<string, string>;
}

/** The registers (or bits) a map reads, first and last. */
function span(map: MapUnderCheck): [number, number] {
  const width = readsBits(map.functionCode) ? 1 : widthOf(map.dataType);
  return [map.register, map.register + width - 1];
}

/**
 * The rules a register map must keep that its schema alone cannot say: a coil or a discrete input
 * carries one bit (`bool`); a value's registers end at the last address; two variables of one
 * device never read the same register of one function code.
 */
export function refusalOf(map: MapUnderCheck, siblings: readonly SiblingMap[]): MapRefusal | undefined {
  if (readsBits(map.functionCode) && map.dataType !== 'bool')
    return { path: 'dataType', key: 'errors.mapBitType', params: { dataType: map.dataType } };
  const [from, to] = span(map);
  if (to > LAST_REGISTER) return { path: 'register', key: 'errors.mapPastEnd', params: { last: String(LAST_REGISTER) } };
  for (const other of siblings) {
    if (other.functionCode !== map.functionCode) continue;
    const [otherFrom, otherTo] = span(other);
    if (from <= otherTo && otherFrom <= to)
      return {
        path: 'register',
        key: 'errors.mapOverlap',
        params: {
          from: String(from),
          to: String(to),
          other: other.variableName,
          otherFrom: String(otherFrom),
          otherTo: String(otherTo),
        },
      };
  }
  return undefined;
}
