import type { TFunction } from 'i18next';
import type { KanbanUnbound } from '../../generated/types';
import type { WidgetConfig } from './document';

/**
 * Why a station cannot take a binding (of a template, a copy or an import), as its people read it:
 * the variable by its name, with the station's own device of the role (`noVariable`) or the model it
 * has no device of (`noDevice`), never another station's device nor a code; a label by its path; a
 * variable no station of the tenant has, unnamed. An older answer without those names reads as the
 * binding's name and the reason.
 */
export function unboundReason(t: TFunction, unbound: KanbanUnbound): string {
  const { reason, name, variable = name, device, model } = unbound;
  if (reason === 'noVariable' && device) return t('dashboard.unbound.noVariable', { device, variable });
  if (reason === 'noDevice' && model) return t('dashboard.unbound.noDevice', { model, variable });
  if (reason === 'noVariable' || reason === 'noDevice')
    return `${name} — ${String(t(`dashboard.copy.reasons.${reason}` as never))}`;
  return String(t(`dashboard.unbound.${reason}` as never, { name, variable }));
}

/** The reasons of a placeholder, each once (two series of a missing device lack it for the same reason). */
export const unboundReasons = (t: TFunction, unbound: readonly KanbanUnbound[]): string[] => [
  ...new Set(unbound.map((entry) => unboundReason(t, entry))),
];

/**
 * A configuration without the bindings a station could not take (a placeholder's, kept as roles
 * `@model#rank.code`): its dialog shows them empty, to be chosen among the station's own variables.
 */
export const withoutRoles = (config: WidgetConfig): WidgetConfig =>
  // Any other configuration stays the same object: what it needs is known by it (see `widgetNeeds`).
  !JSON.stringify(config).includes('"varSn":"@')
    ? config
    : (JSON.parse(
        JSON.stringify(config, (_, value: unknown) =>
          typeof value === 'object' && value !== null && String((value as { varSn?: unknown }).varSn).startsWith('@')
            ? undefined
            : value,
        ),
      ) as WidgetConfig);
