import { describe, expect, test } from 'vitest';
import { checkLookups, checkProposals, checkSuggestions } from './lookups';
import { propertyOf, type Operation } from './operations';
import type { JsonObject } from './sources';

const locate = {
  operationId: 'getLocationByAddress',
  method: 'get',
  query: { type: 'object', properties: { address: { type: 'string' } } },
  response: {
    type: 'object',
    properties: {
      data: { type: 'object', properties: { found: { type: 'boolean' }, city: { type: ['string', 'null'] } } },
    },
  },
} as unknown as Operation;
const customer = { type: 'object', properties: { city: { type: 'string' }, address: { type: 'string' } } };
const lookupOf = (lookup: JsonObject) => ({ address: { 'ui:field': 'Lookup', 'ui:options': { lookup } } });
const checked = (ui: JsonObject, operations: Operation[] = [locate]) => {
  const problems: string[] = [];
  const labels = checkLookups({ customer: ui }, { customer }, operations, problems);
  return { problems, labels: [...labels.keys()] };
};

describe('ui:field Lookup: a field whose value a call looks up, filling its siblings', () => {
  test('a GET with the query parameter, answering found and the properties it fills: no problem, and its labels are named', () => {
    const { problems, labels } = checked(
      lookupOf({ operation: 'getLocationByAddress', query: 'address', fill: { city: 'city' } }),
    );
    expect(problems).toEqual([]);
    expect(labels).toEqual(
      expect.arrayContaining([
        'lookups.getLocationByAddress.action',
        'lookups.getLocationByAddress.found',
        'lookups.getLocationByAddress.notFound',
        'lookups.differs',
        'lookups.use',
      ]),
    );
  });

  test.each([
    [{ operation: 'getNothing', query: 'address', fill: {} }, 'lookup names getNothing, which is no operation'],
    [{ operation: 'getLocationByAddress', query: 'street', fill: {} }, 'has no query parameter street'],
    [
      { operation: 'getLocationByAddress', query: 'address', fill: { province: 'city' } },
      'fills province, which entity customer does not have',
    ],
    [
      { operation: 'getLocationByAddress', query: 'address', fill: { city: 'town' } },
      'fills city from town, which the answer does not have',
    ],
  ])('%j is refused: %s', (lookup, problem) => {
    expect(checked(lookupOf(lookup)).problems.join('\n')).toContain(problem);
  });

  test('a Lookup field without its declaration is refused', () => {
    expect(checked({ address: { 'ui:field': 'Lookup' } }).problems).toEqual([
      'schemas/entities/customer.ui.json: address: lookup needs ui:options.lookup { operation, query, fill }',
    ]);
  });
});

describe('ui:widget SuggestInput: a text field offered what a call answers', () => {
  const cities = {
    operationId: 'getCityList',
    method: 'get',
    query: { type: 'object', properties: { province: { type: 'string' } } },
    response: {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: { type: 'object', properties: { name: { type: 'string' }, longitude: { type: 'number' } } },
        },
      },
    },
  } as unknown as Operation;
  const suggested = (field: string, suggest: JsonObject) => {
    const problems: string[] = [];
    const ui = { [field]: { 'ui:widget': 'SuggestInput', 'ui:options': { suggest } } };
    checkSuggestions({ customer: ui }, { customer }, [cities, locate], problems);
    return problems;
  };

  test('a GET without required parameters answering items with the text offered: no problem', () => {
    expect(suggested('city', { operation: 'getCityList', value: 'name' })).toEqual([]);
  });

  test('a query parameter given by a field of the form: no problem', () => {
    expect(suggested('city', { operation: 'getCityList', value: 'name', params: { province: 'address' } })).toEqual([]);
  });

  test.each<[string, JsonObject, string]>([
    ['city', { operation: 'getTowns', value: 'name' }, 'city: suggest needs ui:options.suggest naming an operation'],
    [
      'city',
      { operation: 'getLocationByAddress', value: 'city' },
      'getLocationByAddress must answer a list of items with the text city',
    ],
    ['city', { operation: 'getCityList', value: 'longitude' }, 'getCityList must answer a list of items with the text longitude'],
    [
      'founded',
      { operation: 'getCityList', value: 'name' },
      'founded: suggest is for a text field, and customer has no text founded',
    ],
    [
      'city',
      { operation: 'getCityList', value: 'name', params: { county: 'address' } },
      'city: suggest county is no query parameter of getCityList',
    ],
    [
      'city',
      { operation: 'getCityList', value: 'name', params: { province: 'region' } },
      'city: suggest province is given by region, no field of customer',
    ],
    ['city', { operation: 'getCityList', value: 'name', params: 'address' }, 'params must map parameters of the call to fields'],
  ])('on %s, %j is refused: %s', (field, suggest, problem) => {
    expect(suggested(field, suggest).join('\n')).toContain(problem);
  });

  test('a call that needs a parameter is refused', () => {
    const needing = { ...cities, query: { ...cities.query, required: ['province'] } } as unknown as Operation;
    const problems: string[] = [];
    const ui = { city: { 'ui:widget': 'SuggestInput', 'ui:options': { suggest: { operation: 'getCityList', value: 'name' } } } };
    checkSuggestions({ customer: ui }, { customer }, [needing], problems);
    expect(problems).toEqual([
      'schemas/entities/customer.ui.json: city: suggest getCityList must be a GET without required parameters but those of query',
    ]);
  });

  test('a required parameter given a fixed value, and a page of items: no problem; a fixed value of no parameter is refused', () => {
    // The cities of one province, a page of them.
    const paged = {
      ...cities,
      query: { type: 'object', required: ['province'], properties: { province: { type: 'string' } } },
      response: {
        type: 'object',
        properties: {
          data: { type: 'object', properties: { records: propertyOf(cities.response, 'data'), total: { type: 'integer' } } },
        },
      },
    } as unknown as Operation;
    const check = (suggest: JsonObject) => {
      const problems: string[] = [];
      checkSuggestions(
        { customer: { city: { 'ui:widget': 'SuggestInput', 'ui:options': { suggest } } } },
        { customer },
        [paged],
        problems,
      );
      return problems;
    };
    expect(check({ operation: 'getCityList', value: 'name', query: { province: '浙江省' } })).toEqual([]);
    expect(check({ operation: 'getCityList', value: 'name' })).toEqual([
      'schemas/entities/customer.ui.json: city: suggest getCityList must be a GET without required parameters but those of query',
    ]);
    expect(check({ operation: 'getCityList', value: 'name', query: { province: '浙江省', county: '余杭区' } })).toEqual([
      'schemas/entities/customer.ui.json: city: suggest query county is no query parameter of getCityList',
    ]);
  });
});

describe('ui:widget ProposedInput: a new record’s text field filled with what a call proposes', () => {
  const nextNumber = {
    operationId: 'generateNumber',
    method: 'get',
    response: { type: 'object', properties: { data: { type: 'string' } } },
  } as unknown as Operation;
  const proposed = (field: string, propose: JsonObject, operations: Operation[] = [nextNumber, locate]) => {
    const problems: string[] = [];
    const ui = { [field]: { 'ui:widget': 'ProposedInput', 'ui:options': { propose } } };
    checkProposals({ customer: ui }, { customer }, operations, problems);
    return problems;
  };

  test('a GET without required parameters answering a text: no problem', () => {
    expect(proposed('city', { operation: 'generateNumber' })).toEqual([]);
  });

  test.each<[string, JsonObject, string]>([
    ['city', { operation: 'nextNumber' }, 'city: propose needs ui:options.propose naming an operation'],
    ['city', { operation: 'getLocationByAddress' }, 'city: propose getLocationByAddress must answer a text'],
    ['founded', { operation: 'generateNumber' }, 'founded: propose is for a text field, and customer has no text founded'],
  ])('on %s, %j is refused: %s', (field, propose, problem) => {
    expect(proposed(field, propose).join('\n')).toContain(problem);
  });

  test('a call that needs a parameter is refused', () => {
    const needing = {
      ...nextNumber,
      query: { type: 'object', properties: { day: {} }, required: ['day'] },
    } as unknown as Operation;
    expect(proposed('city', { operation: 'generateNumber' }, [needing])).toEqual([
      'schemas/entities/customer.ui.json: city: propose generateNumber must be a GET without required parameters but those of query',
    ]);
  });
});
