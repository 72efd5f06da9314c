import type { Handler } from '../http/services';

/** The fixed lists the factory test forms offer, by operation: the entity field whose codes they are. */
const LISTS: Record<string, [entity: string, field: string]> = {
  getFactoryTestStrategyEnum: ['factoryTestRecord', 'strategy'],
  getFactoryTestStatusEnum: ['factoryTestRecord', 'status'],
  getFactoryTestResultsEnum: ['factoryTestRecord', 'result'],
  getFactoryTestEnum: ['factoryTestRecord', 'factoryTest'],
  getChargeDischargeCapacityEnum: ['factoryTestRecord', 'capacity'],
  getTestServiceTypes: ['chargeDischargeTest', 'serviceType'],
  getTestStrategyTypes: ['chargeDischargeTest', 'strategyType'],
  getTestResults: ['chargeDischargeTest', 'testResult'],
  getTestStatuses: ['chargeDischargeTest', 'testStatus'],
  getTestSteps: ['chargeDischargeTest', 'testStep'],
};

/**
 * The codes of a fixed list with their names in the language of the request. The codes come from
 * the entity schema itself, so a list and the records it labels cannot disagree.
 */
export const siteopsCodes: Handler = (call) => {
  const [entity = '', field = ''] = LISTS[call.operation.operationId] ?? [];
  const property = call.services.contract.entities[entity]?.properties?.[field];
  if (!property?.enum) throw new Error(`${call.operation.operationId}: no list ${entity}.${field}`);
  const list = String(property['x-enum']);
  return Promise.resolve(property.enum.map((code) => ({ code: String(code), name: call.t(`enums.${list}.${String(code)}`) })));
};
