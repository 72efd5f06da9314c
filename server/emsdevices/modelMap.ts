import type { EmsDeviceModel } from '../../generated/types';
import { refusalOf, type MapRefusal, type SiblingMap } from '../collection/mapRules';
import type { RegisterMap } from '../collection/registers';

/**
 * A variable of an EMS device model as stored: what has a default may be absent (a model written
 * by an import, or saved before models carried register maps).
 */
export type ModelVariable = Partial<NonNullable<EmsDeviceModel['variables']>[number]> & { code: string; name: string };

/** The fields of a `variableMap` a model's variable gives a device's variable of its code. */
export type MapFields = Omit<RegisterMap, 'varId'>;

/**
 * The register map a model's variable carries, with the collector's defaults (function code 3,
 * ABCD, ratio 1, offset 0); none without a register and its data type (a model saved before maps
 * had data types has registers alone).
 */
export function mapOf(variable: ModelVariable): MapFields | undefined {
  if (variable.register === undefined || variable.dataType === undefined) return undefined;
  return {
    functionCode: variable.functionCode ?? 3,
    register: variable.register,
    dataType: variable.dataType,
    byteOrder: variable.byteOrder ?? 'ABCD',
    ratio: variable.ratio ?? 1,
    offset: variable.offset ?? 0,
  };
}

/** Why a model's register map could not be read: which variable (its place in the list), the field and the message. */
export interface ModelRefusal {
  index: number;
  path: 'code' | MapRefusal['path'];
  key: string;
  params: Record<string, string>;
}

/**
 * The first variable of a model a collector could not read as the model says: a code an earlier
 * variable has (a device keeps one variable per code), a register without a data type, or a map
 * the rules of `refusalOf` refuse against the maps before it (a bit type, past the last register,
 * an overlap).
 */
export function modelRefusal(variables: readonly ModelVariable[]): ModelRefusal | undefined {
  const names = new Map<string, string>();
  const earlier: SiblingMap[] = [];
  for (const [index, variable] of variables.entries()) {
    const other = names.get(variable.code);
    if (other !== undefined) return { index, path: 'code', key: 'errors.modelCodeTwice', params: { code: variable.code, other } };
    names.set(variable.code, variable.name);
    if (variable.register !== undefined && variable.dataType === undefined)
      return { index, path: 'dataType', key: 'errors.mapNoDataType', params: {} };
    const map = mapOf(variable);
    if (!map) continue;
    const refusal = refusalOf(map, earlier);
    if (refusal) return { index, ...refusal };
    earlier.push({ ...map, variableName: variable.name });
  }
  return undefined;
}
