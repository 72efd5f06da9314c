import { Templates } from '@rjsf/antd';
import { buttonId, getUiOptions, isObject, type ArrayFieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { theme } from 'antd';
import { useContext, useMemo, type ComponentType } from 'react';
import { ArrayAppendContext } from './ArrayAppendContext';
import { DeviceVarsPicker, type PickedVar } from './widgets/DeviceVarsPicker';

const Given = Templates.ArrayFieldTemplate as ComponentType<ArrayFieldTemplateProps>;

/**
 * Whether the user points with a mouse: a phone's on-screen keyboard, which focus would open, is
 * not raised unasked.
 */
const finePointer = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

const isPickedVar = (value: unknown): value is PickedVar =>
  isObject(value) && typeof value.deviceSn === 'string' && typeof value.varSn === 'string';

/**
 * A list in a form, as the theme shows it. A list whose UI schema says which property of its items
 * holds a device variable (`"ui:options": { "pickVariables": "deviceVar" }`, or `true` for items
 * that are variables themselves) has, beside "Add item", "Add variables…": the device-variable
 * picker ticking several variables, each appended as an item with the item's defaults (a series'
 * colour, an empty name, so that it is titled by its device and variable); a variable listed
 * already is not added again, and no more are added than the list may hold. With `ui:autofocus`,
 * an empty list's picker takes the focus when the form opens (where a mouse points): picking the
 * variables is the first step of a new chart.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const pick = getUiOptions(props.uiSchema).pickVariables as string | true | undefined;
  const append = useContext(ArrayAppendContext);
  if ((typeof pick !== 'string' && pick !== true) || !append) return <Given {...props} />;
  return <PickingArray {...props} pick={pick} append={append} />;
}

function PickingArray({
  pick,
  append,
  ...props
}: ArrayFieldTemplateProps & { pick: string | true; append(items: unknown[]): void }) {
  const { canAdd, disabled, readonly, onAddClick, fieldPathId, registry, uiSchema, schema, formData } = props;
  const { token } = theme.useToken();
  const { AddButton } = registry.templates.ButtonTemplates;
  const items: unknown[] = Array.isArray(formData) ? formData : [];
  const held = (item: unknown) => (pick === true ? item : isObject(item) ? item[pick] : undefined);
  const listed = useMemo(() => items.map(held).filter(isPickedVar), [formData]); // eslint-disable-line react-hooks/exhaustive-deps
  const room = (typeof schema.maxItems === 'number' ? schema.maxItems : Infinity) - items.length;
  const add = (vars: PickedVar[]) => {
    const known = new Set(listed.map((entry) => entry.varSn));
    const fresh = vars.filter((entry) => !known.has(entry.varSn)).slice(0, Math.max(room, 0));
    if (!fresh.length) return;
    const itemSchema = registry.schemaUtils.retrieveSchema((isObject(schema.items) ? schema.items : {}) as RJSFSchema);
    append(
      fresh.map((deviceVar) =>
        pick === true
          ? { ...deviceVar }
          : { ...(registry.schemaUtils.getDefaultFormState(itemSchema) as Record<string, unknown>), [pick]: { ...deviceVar } },
      ),
    );
  };
  const stationSn = (registry.formContext as { stationSn?: string } | undefined)?.stationSn;
  return (
    <div>
      <Given {...props} canAdd={false} />
      {canAdd ? (
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'flex-end',
            gap: token.marginXS,
            marginBottom: token.marginSM,
          }}
        >
          <DeviceVarsPicker
            id={`${fieldPathId.$id}__pick`}
            stationSn={stationSn}
            listed={listed}
            room={room}
            autoFocus={getUiOptions(uiSchema).autofocus === true && items.length === 0 && finePointer()}
            disabled={disabled || readonly}
            onPick={add}
          />
          <div style={{ flex: '0 0 auto' }}>
            <AddButton
              id={buttonId(fieldPathId, 'add')}
              className="rjsf-array-item-add"
              disabled={disabled || readonly}
              onClick={onAddClick}
              uiSchema={uiSchema}
              registry={registry}
            />
          </div>
        </div>
      ) : null}
    </div>
  );
}
