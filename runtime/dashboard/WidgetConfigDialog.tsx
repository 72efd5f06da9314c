import { Alert, Modal, Spin } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetLoaders, widgetUiLoaders, type SchemaModule } from '../../generated/registry';
import type { UiSchema } from '@rjsf/utils';
import { SchemaForm } from '../forms/SchemaForm';
import { useGuardedClose } from '../forms/unsaved';
import { buildUiSchema, mergeUiSchema } from '../schema/uiSchema';
import type { WidgetConfig } from './document';
import type { AnyWidgetDefinition } from './widget';

export interface WidgetConfigDialogProps {
  definition: AnyWidgetDefinition;
  title: string;
  /** The last saved configuration: Cancel keeps it. */
  config: WidgetConfig;
  stationSn: string;
  onSave(config: WidgetConfig): void;
  onCancel(): void;
}

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
 * first (as Escape and a click outside do) when the form was changed.
 */
export function WidgetConfigDialog({ definition, title, config, stationSn, onSave, onCancel }: WidgetConfigDialogProps) {
  const { t } = useTranslation();
  const [module, setModule] = useState<[SchemaModule, UiSchema] | null>(null);
  const [failure, setFailure] = useState<string>();
  const [values, setValues] = useState<WidgetConfig>(config);
  const latest = useRef<WidgetConfig>(config);
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
  const formContext = useMemo(() => ({ stationSn }), [stationSn]);
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
      width={720}
    >
      {module ? (
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
            // The form keeps its own values while typing; the dialog renders again only when a rule
            // changes what the form shows or a change clears other values.
            const rules = (config: WidgetConfig) => JSON.stringify(definition.uiRules?.(config) ?? {});
            if (JSON.stringify(normalized) !== JSON.stringify(next) || rules(normalized) !== rules(values)) setValues(normalized);
          }}
          onSubmit={(submitted) => onSave(definition.onChange ? definition.onChange(latest.current, submitted) : submitted)}
        />
      ) : failure ? (
        <Alert type="warning" showIcon title={t('dashboard.configurationFailed')} description={failure} />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
