import { Alert, Col, Modal, Row, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetLoaders, widgetUiLoaders, type SchemaModule } from '../../generated/registry';
import type { UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { SchemaForm } from '../forms/SchemaForm';
import { useGuardedClose } from '../forms/unsaved';
import { buildUiSchema, mergeUiSchema } from '../schema/uiSchema';
import type { WidgetConfig } from './document';
import { withoutRoles } from './unbound';
import type { DataScheduler } from './scheduler';
import type { AnyWidgetDefinition, DashboardPeriod, StationContext } from './widget';
import { WidgetPreview } from './WidgetPreview';

export interface WidgetConfigDialogProps {
  definition: AnyWidgetDefinition;
  title: string;
  /** The configured widget's id. */
  id: string;
  /** The last saved configuration: Cancel keeps it. */
  config: WidgetConfig;
  /** The station the preview shows the widget on. */
  station: StationContext;
  /** The period the dashboard shows, which the preview follows as the dashboard does. */
  period?: DashboardPeriod;
  /** The dashboard's scheduler, which fetches the preview's data with the dashboard's. */
  scheduler: DataScheduler;
  onSave(config: WidgetConfig): void;
  onCancel(): void;
}

/** How long the form's values stay unchanged before the preview follows them (ms): one data request per settled change. */
export const PREVIEW_DELAY_MS = 400;

const loaded = new Map<string, Promise<[SchemaModule, UiSchema]>>();
/** A widget type's schema and UI schema, loaded once; a load that failed is tried again next time. */
function loadWidgetSchema(type: string): Promise<[SchemaModule, UiSchema]> {
  let promise = loaded.get(type);
  if (!promise) {
    const schema = widgetLoaders[type];
    const ui = widgetUiLoaders[type];
    promise = (schema && ui ? Promise.all([schema(), ui()]) : Promise.reject(new Error(`no schema for widget ${type}`))).catch(
      (error: unknown) => {
        loaded.delete(type);
        throw error;
      },
    );
    loaded.set(type, promise);
  }
  return promise;
}

/**
 * 'module configuration: …': the widget's schema rendered as a form, with the widget's rules
 * applied as the values change (options a value disables, values a change clears). Save stores
 * the configuration and tells the dashboard; Cancel leaves the last saved one as it was, asking
 * first (as Escape and a click outside do) when the form was changed. Beside the form (above it on
 * narrow screens), the preview shows the widget as configured once the values settle.
 */
export function WidgetConfigDialog({
  definition,
  title,
  id,
  config: stored,
  station,
  period,
  scheduler,
  onSave,
  onCancel,
}: WidgetConfigDialogProps) {
  const { t } = useTranslation();
  // A placeholder's bindings its station could not take show empty, to be chosen among its own.
  const config = useMemo(() => withoutRoles(stored), [stored]);
  const [module, setModule] = useState<[SchemaModule, UiSchema] | null>(null);
  const [failure, setFailure] = useState<string>();
  const [values, setValues] = useState<WidgetConfig>(config);
  const latest = useRef<WidgetConfig>(config);
  // The values the preview shows: the latest, once no change came for a moment.
  const [settled, setSettled] = useState<WidgetConfig>(config);
  const settling = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settling.current), []);
  const form = useRef<{ submit(): void } | null>(null);
  const [dirty, setDirty] = useState(false);
  const cancel = useGuardedClose(dirty, onCancel);
  useEffect(() => {
    let live = true;
    loadWidgetSchema(definition.type).then(
      (result) => live && setModule(result),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [definition.type]);
  const baseUi = useMemo(
    () =>
      module
        ? buildUiSchema({ t, prefix: `widgets.${definition.type}`, schema: module[0].schema, uiSchema: module[1], mode: 'edit' })
        : {},
    [module, t, definition.type],
  );
  const uiSchema = useMemo(() => {
    const ui = mergeUiSchema(baseUi, definition.uiRules?.(values) ?? {});
    return { ...ui, 'ui:submitButtonOptions': { norender: true } };
  }, [baseUi, definition, values]);
  const formContext = useMemo(() => ({ stationSn: station.sn }), [station.sn]);
  const validator = useMemo(() => module && createPrecompiledValidator(module[0].validators, module[0].schema), [module]);
  const valid = useMemo(
    () => !module || !validator || validator.validateFormData(settled, module[0].schema).errors.length === 0,
    [module, validator, settled],
  );
  return (
    <Modal
      open
      title={t('dashboard.moduleConfiguration', { name: title })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.current?.submit()}
      onCancel={cancel}
      okButtonProps={{ disabled: !module }}
      destroyOnHidden
      width="min(1200px, 96vw)"
    >
      {module ? (
        <Row gutter={[24, 16]}>
          <Col xs={{ span: 24, order: 2 }} lg={{ span: 12, order: 1 }}>
            <SchemaForm
              schema={module[0].schema}
              uiSchema={uiSchema}
              validators={module[0].validators}
              formData={values}
              formContext={formContext}
              formRef={form}
              labels={`widgets.${definition.type}`}
              onCancel={onCancel}
              onDirtyChange={setDirty}
              onChange={(next) => {
                const normalized = definition.onChange ? definition.onChange(latest.current, next) : next;
                latest.current = normalized;
                clearTimeout(settling.current);
                settling.current = setTimeout(() => setSettled(latest.current), PREVIEW_DELAY_MS);
                // The form keeps its own values while typing; the dialog renders again when a rule changes
                // what the form shows or a change clears other values, and for the preview once changes settle.
                const rules = (config: WidgetConfig) => JSON.stringify(definition.uiRules?.(config) ?? {});
                if (JSON.stringify(normalized) !== JSON.stringify(next) || rules(normalized) !== rules(values))
                  setValues(normalized);
              }}
              onSubmit={(submitted) => onSave(definition.onChange ? definition.onChange(latest.current, submitted) : submitted)}
            />
          </Col>
          <Col xs={{ span: 24, order: 1 }} lg={{ span: 12, order: 2 }}>
            <WidgetPreview
              id={id}
              definition={definition}
              config={settled}
              valid={valid}
              station={station}
              period={period}
              scheduler={scheduler}
            />
          </Col>
        </Row>
      ) : failure ? (
        <Alert type="warning" showIcon title={t('dashboard.configurationFailed')} description={failure} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
