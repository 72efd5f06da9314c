import { Templates } from '@rjsf/antd';
import { getTemplate, getUiOptions, helpId, type FieldTemplateProps } from '@rjsf/utils';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { disabledReason } from './disabledReason';

const LeafTemplate = Templates.FieldTemplate!;

/**
 * A field as Ant Design's theme renders it, except a group (an object or a list that shows no
 * label of its own): that is not wrapped in a form item. A form item gives the items inside it a
 * context that is new at each of its renders, so a group in a form item made every field of the
 * group render again at each keystroke in any one of them. A group's own help and errors are shown
 * under it. Only a hint of the UI schema is shown under a field (see `UiDescription`): a form item
 * given the JSON Schema's description kept an empty line for it under every field. Under a field
 * that cannot be chosen, or whose options cannot all be, it says why (see `disabledReason`).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, schema, displayLabel, hidden, children, registry, uiSchema, rawHelp, help, rawErrors, errors, description } = props;
  const { t, i18n } = useTranslation();
  const hint = getUiOptions(uiSchema).description;
  const rawDescription = typeof hint === 'string' && hint ? hint : undefined;
  const group = !displayLabel && (schema.type === 'object' || schema.type === 'array');
  if (!group || hidden) {
    const reason = hidden ? undefined : disabledReason(t, i18n.language, schema, uiSchema);
    if (!reason) return <LeafTemplate {...props} rawDescription={rawDescription} />;
    return (
      <LeafTemplate
        {...props}
        rawDescription={reason}
        description={
          <>
            {rawDescription ? description : null}
            {/* Read out with the field, which names its help's id, unless it has help of its own. */}
            <Typography.Text type="secondary" id={rawHelp ? undefined : helpId(id)} style={{ display: 'block' }}>
              {reason}
            </Typography.Text>
          </>
        }
      />
    );
  }
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, getUiOptions(uiSchema));
  return (
    <WrapIfAdditionalTemplate {...props}>
      {children}
      {rawDescription ? description : null}
      {rawHelp ? help : null}
      {rawErrors?.length ? <Typography.Text type="danger">{errors}</Typography.Text> : null}
    </WrapIfAdditionalTemplate>
  );
}
