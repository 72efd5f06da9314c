import { describe, expect, test } from 'vitest';
import type { Operation } from './operations';
import { checkOptionCalls, checkOptionGroups } from './optionCalls';
import type { JsonObject } from './sources';

const answering = (data: JsonObject): JsonObject => ({
  type: 'object',
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data },
});
const operation = (operationId: string, fields: Partial<Operation>) => ({ operationId, method: 'get', ...fields }) as Operation;
const roles = operation('getRoles', {
  response: answering({
    type: 'array',
    items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } },
  }),
});
const problemsOf = (property: JsonObject, operations: Operation[] = [roles]) => {
  const problems: string[] = [];
  checkOptionCalls({ user: { type: 'object', properties: { role: property } } }, operations, problems);
  return problems;
};

describe('x-options: a coded field whose codes a call offers', () => {
  test('a GET answering a list of { code, name } for a coded property passes', () => {
    expect(problemsOf({ type: 'string', enum: ['admin', 'staff'], 'x-options': 'getRoles' })).toEqual([]);
  });

  test('an unknown call, a property without codes, a call with required parameters or of another answer are refused', () => {
    expect(problemsOf({ type: 'string', enum: ['admin'], 'x-options': 'getNothing' })).toEqual([
      'entity user: role: x-options names getNothing, which is no operation',
    ]);
    expect(problemsOf({ type: 'string', 'x-options': 'getRoles' })).toEqual([
      'entity user: role: x-options is for a coded property (an enum)',
    ]);
    const withQuery = operation('getRoles', { ...roles, query: { type: 'object', required: ['tenant'] } });
    expect(problemsOf({ type: 'string', enum: ['admin'], 'x-options': 'getRoles' }, [withQuery])).toEqual([
      'entity user: role: x-options getRoles must be a GET without required parameters',
    ]);
    const names = operation('getRoles', { response: answering({ type: 'array', items: { type: 'string' } }) });
    expect(problemsOf({ type: 'string', enum: ['admin'], 'x-options': 'getRoles' }, [names])).toEqual([
      'entity user: role: x-options getRoles must answer a list of { code, name }',
    ]);
  });
});

const named = { key: { type: 'string' }, name: { type: 'string' } };
const catalogue = operation('getScreens', {
  method: 'post',
  response: answering({
    type: 'array',
    items: {
      type: 'object',
      properties: { ...named, children: { type: 'array', items: { type: 'object', properties: named } } },
    },
  }),
});
const screens = { type: 'array', items: { type: 'string', enum: ['dashboard', 'video'] } };
const groupProblems = (property: JsonObject, operations: Operation[] = [catalogue]) => {
  const problems: string[] = [];
  checkOptionGroups({ 'form stationScreens': { type: 'object', properties: { menus: property } } }, operations, problems);
  return problems;
};

describe('x-option-groups: a list of codes ticked in the groups a call answers', () => {
  test('a call without parameters answering groups of { key, name } for a list of codes passes', () => {
    expect(groupProblems({ ...screens, 'x-option-groups': 'getScreens' })).toEqual([]);
  });

  test('an unknown call, a field that is no list of codes, a call with a body or of another answer are refused', () => {
    expect(groupProblems({ ...screens, 'x-option-groups': 'getNothing' })).toEqual([
      'form stationScreens: menus: x-option-groups names getNothing, which is no operation',
    ]);
    expect(groupProblems({ type: 'string', enum: ['dashboard'], 'x-option-groups': 'getScreens' })).toEqual([
      'form stationScreens: menus: x-option-groups is for a list of codes (an array whose items are an enum)',
    ]);
    const withBody = operation('getScreens', { ...catalogue, body: { type: 'object' } });
    expect(groupProblems({ ...screens, 'x-option-groups': 'getScreens' }, [withBody])).toEqual([
      'form stationScreens: menus: x-option-groups getScreens must take no parameters and no body',
    ]);
    const flat = operation('getScreens', {
      response: answering({ type: 'array', items: { type: 'object', properties: named } }),
    });
    expect(groupProblems({ ...screens, 'x-option-groups': 'getScreens' }, [flat])).toEqual([
      'form stationScreens: menus: x-option-groups getScreens must answer a list of { key, name, children: [{ key, name }] }',
    ]);
  });
});
