import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mergeTranslations } from './labels';
import { isObject, loadSources, type JsonObject } from './sources';

/**
 * Rules of the specification that are data in the schemas: its fixed lists (codes and English
 * labels, in the specification's order) and the flags of its route table. Each fails when the
 * schemas drift from the specification's words.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = loadSources(root);
const en = mergeTranslations(src, []).en ?? {};

const enumCodes = (name: string) => src.schemas.find((file) => file.path === `schemas/enums/${name}.json`)?.content.enum;
const enumLabels = (name: string) => {
  const enums = isObject(en.enums) ? en.enums : {};
  const labels = isObject(enums[name]) ? enums[name] : {};
  return (enumCodes(name) as string[]).map((code) => labels[code]);
};

describe('the specification’s fixed lists (enterprise §3)', () => {
  test.each<[string, string[]]>([
    ['gender', ['Male', 'Female']],
    ['customerLevel', ['PP', 'NP', 'VIP', 'SVIP']],
    ['creditRating', ['Whitelist', 'Normal list', 'Blacklist']],
    ['customerState', ['Developing', 'Deal', 'Repeat deal', 'Lost']],
  ])('%s: %j', (name, labels) => {
    expect(enumLabels(name)).toEqual(labels);
  });

  test('nature: nine, from foreign-invested to government institution', () => {
    expect(enumCodes('customerNature')).toHaveLength(9);
    expect(enumLabels('customerNature')[0]).toBe('Foreign-invested (Europe/America)');
    expect(enumLabels('customerNature').at(-1)).toBe('Government institution');
  });

  test('leave types: the thirteen of the specification, in its order', () => {
    expect(enumLabels('oaLeaveType')).toEqual([
      'Annual leave',
      'Paid sick leave',
      'Engineering welfare leave',
      'Personal leave',
      'Sick leave',
      'Parental leave',
      'Marriage leave',
      'Prenatal check-up leave',
      'Maternity leave',
      'Paternity leave',
      'Bereavement leave',
      'Substation (operation) public holiday',
      'Compensatory (production center only)',
    ]);
  });
});

describe('the route table’s flags (enterprise §1)', () => {
  const byName = new Map<string, JsonObject>();
  const walk = (routes: unknown) => {
    for (const route of Array.isArray(routes) ? routes : []) {
      if (!isObject(route)) continue;
      byName.set(String(route.name), route);
      walk(route.children);
    }
  };
  walk(src.routes.routes);
  const flags = (name: string) => {
    const route = byName.get(name) ?? {};
    return [route.participation, route.participationPermission, route.refresh ?? false];
  };

  test.each<[string, [boolean, boolean | undefined, boolean]]>([
    ['CustomersManagement', [true, true, false]],
    ['OrderManagement', [true, true, false]],
    ['ReceivablesManagement', [true, true, false]],
    ['ExpenditureManagement', [true, true, false]],
    ['ProcurementManagement', [true, true, true]],
    ['DataHub', [true, undefined, true]],
    ['ELearningPlatform', [false, false, false]],
  ])('%s: participation, participation permission, refresh %j', (name, expected) => {
    expect(flags(name)).toEqual(expected);
  });

  test('the enterprise headlines are shown to tenants 2, 10, 12 and 14 only', () => {
    expect(byName.get('EnterpriseHeadlines')?.tenants).toEqual([2, 10, 12, 14]);
  });
});
