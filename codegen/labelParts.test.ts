import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { mergeTranslations } from './labels';
import { DASHBOARD_FORMS, dashboardEnums, labelParts } from './labelParts';
import { isObject, loadSources } from './sources';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = loadSources(root);
const translations = mergeTranslations(src, []);
const mainEnums = dashboardEnums(src);
const enumsOf = (labels: unknown) => Object.keys(isObject(labels) && isObject(labels.enums) ? labels.enums : {});
const [en, zh] = [labelParts(translations.en ?? {}, mainEnums), labelParts(translations.zh ?? {}, mainEnums)];

/** The code that shows with the `main` labels only: the shell, the dashboard and its widgets. */
const DASHBOARD_CODE = ['widgets', 'pages/dashboard', 'runtime/dashboard', 'runtime/shell'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the labels in chunks', () => {
  const allEnums = enumsOf(translations.en);

  test('every enumeration the dashboard’s code names is among the labels it loads', () => {
    const named = new Map<string, string>();
    for (const file of DASHBOARD_CODE.flatMap((dir) => sources(join(root, dir)))) {
      const code = readFileSync(file, 'utf8');
      // An enumeration named as a string (`enumLabel(t, 'tariffPeriod', …)`, a map of codes) or as a key (`enums.x.`).
      for (const name of allEnums) if (new RegExp(`['"\`]${name}['"\`]|enums\\.${name}\\.`).test(code)) named.set(name, file);
    }
    expect(named.size).toBeGreaterThan(5);
    const missing = [...named].filter(([name]) => !enumsOf(en.main).includes(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  test('every label the runtime, the widgets and the dashboard name literally is in the chunks they load', () => {
    const loaded = new Set([...Object.keys(en.start), ...Object.keys(en.main)]);
    const outside: string[] = [];
    for (const file of ['runtime', 'widgets', 'pages/dashboard'].flatMap((dir) => sources(join(root, dir)))) {
      for (const [, key] of readFileSync(file, 'utf8').matchAll(/\b(?:t|translate)\('([a-zA-Z]+)\.[\w.]+'/g))
        if (key && !loaded.has(key)) outside.push(`${key} (${file})`);
    }
    expect(outside).toEqual([]);
    expect(loaded.has('dashboard')).toBe(true);
  });

  test('every form the dashboard’s code and the form engine name is among the labels the dashboard loads, and no screen’s form', () => {
    const named = new Map<string, string>();
    for (const file of [...DASHBOARD_CODE, 'runtime/forms'].flatMap((dir) => sources(join(root, dir)))) {
      for (const [, name] of readFileSync(file, 'utf8').matchAll(/\b(?:t|translate)\('forms\.([a-zA-Z]+)[.']/g))
        if (name) named.set(name, file);
    }
    expect(named.size).toBeGreaterThan(1);
    const inMain = Object.keys((en.main.forms ?? {}) as object);
    expect([...named].filter(([name]) => !inMain.includes(name)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
    expect(inMain.sort()).toEqual([...DASHBOARD_FORMS].sort());
    expect(Object.keys((zh.main.forms ?? {}) as object).sort()).toEqual(inMain);
    // A row's dialog of a list (sharing a customer) loads with the list.
    expect(Object.keys((en.screens.forms ?? {}) as object)).toContain('crmCustomerShare');
  });

  test('each enumeration is in one chunk, whole, in both languages', () => {
    const inMain = enumsOf(en.main);
    const inScreens = enumsOf(en.screens);
    expect(inMain.filter((name) => inScreens.includes(name))).toEqual([]);
    expect([...inMain, ...inScreens].sort()).toEqual([...allEnums].sort());
    expect(enumsOf(zh.main).sort()).toEqual([...inMain].sort());
    // The shell and the dashboard do not load the business areas' enumerations.
    expect(inScreens).toContain('customerNature');
    expect(inMain).toContain('tariffPeriod');
  });
});
