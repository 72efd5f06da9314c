import type { AnyWidgetDefinition } from '../runtime';
import { keyData } from './key-data';

/** Every widget type of the dashboard, in the catalogue's order within each group. */
export const WIDGETS: readonly AnyWidgetDefinition[] = [keyData];

/** The widget types by name. */
export const widgetRegistry: ReadonlyMap<string, AnyWidgetDefinition> = new Map(WIDGETS.map((widget) => [widget.type, widget]));
