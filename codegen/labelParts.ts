import { enumKeysOf } from './labels';
import { isObject, type JsonObject, type Sources } from './sources';

/** The groups of labels the sign-in page shows (its own, the app's name, the shared words, errors and HTTP statuses). */
const START_LABELS = new Set(['app', 'login', 'common', 'errors', 'http']);
/**
 * The groups of labels the shell and the dashboard show (its widgets, their forms and charts, the
 * menu, the routes' titles, the messages): every other group is a screen's own and loads with the
 * screens, so that a new screen's words do not weigh on the dashboard. The labels test
 * (`codegen/labelParts.test.ts`) fails when the runtime, the widgets or the dashboard name a label
 * of a group outside these and the sign-in page's.
 */
const MAIN_LABELS = new Set([
  'alarms',
  'charts',
  'dashboard',
  'dateRanges',
  'forms',
  'menu',
  'messages',
  'routes',
  'upload',
  'validation',
  'widgets',
]);
/** The label files whose enumerations the dashboard shows: the widgets' own and the monitoring data's (stations, tariff periods, weather). */
const DASHBOARD_ENUM_FILES = /\/(widget-[\w-]+|widgets|telemetry)\.json$/;
/**
 * Enumerations of other areas that widgets' code names (`enumLabel(t, 'siteopsWorkType', …)`):
 * the work order widgets' kinds of work and the camera widget's directions. The labels test
 * (`codegen/labelParts.test.ts`) finds any other the dashboard's code names and fails.
 */
const NAMED_BY_WIDGETS = ['siteopsWorkType', 'siteopsWorksheetStatus', 'emsAssetPtzDirection'];
/**
 * The forms whose words the shell's and the dashboard's code shows: the form engine's own, the
 * rich-text editor's (the custom text widget's dialog) and the reason an option is not offered.
 * The other forms are screens' (a row's dialog, a password change) and load with them; the labels
 * test fails when the dashboard's code names another.
 */
export const DASHBOARD_FORMS = new Set(['rjsf', 'richText', 'notOffered']);

/**
 * The enumerations whose labels load with the shell and the dashboard: those of the widgets' and
 * the monitoring data's label files, those widget schemas name (`x-enum`), and `NAMED_BY_WIDGETS`.
 * The others (customers', orders', leaves' …) load with the screens that show them.
 */
export function dashboardEnums(src: Sources): Set<string> {
  const names = new Set(NAMED_BY_WIDGETS);
  for (const file of src.i18n.en ?? []) {
    const enums = file.content.enums;
    if (DASHBOARD_ENUM_FILES.test(file.path) && isObject(enums)) for (const name of Object.keys(enums)) names.add(name);
  }
  const keys = new Map<string, string>();
  for (const widget of src.widgets) enumKeysOf(widget.content, widget.path, keys);
  for (const key of keys.keys()) names.add(key.split('.')[1] ?? '');
  return names;
}

/**
 * A language's labels in the three chunks the browser loads: those of the sign-in page, which it
 * loads alone (`start`); those of the shell and the dashboard, which every other screen loads
 * (`main`); and those of the other screens (the entities' fields, the pages' titles, each screen's
 * own words, the other enumerations), which load with them (`screens`). The enumerations are split
 * between `main` and `screens`, and so are the forms' words (`DASHBOARD_FORMS`): the browser merges a
 * group's parts.
 */
export function labelParts(resources: JsonObject, mainEnums: Set<string>): Record<'start' | 'main' | 'screens', JsonObject> {
  const groups = Object.entries(resources);
  const part = (keep: (group: string) => boolean) => Object.fromEntries(groups.filter(([group]) => keep(group)));
  /** A group split between `main` and `screens`, entry by entry. */
  const split = (group: string, inMain: (name: string) => boolean) => (main: boolean) => {
    const entries = Object.entries(isObject(resources[group]) ? resources[group] : {});
    return Object.fromEntries(entries.filter(([name]) => inMain(name) === main));
  };
  const enumsWhere = split('enums', (name) => mainEnums.has(name));
  const formsWhere = split('forms', (name) => DASHBOARD_FORMS.has(name));
  return {
    start: part((group) => START_LABELS.has(group)),
    main: { ...part((group) => MAIN_LABELS.has(group)), forms: formsWhere(true), enums: enumsWhere(true) },
    screens: {
      ...part((group) => !START_LABELS.has(group) && !MAIN_LABELS.has(group) && group !== 'enums'),
      forms: formsWhere(false),
      enums: enumsWhere(false),
    },
  };
}
