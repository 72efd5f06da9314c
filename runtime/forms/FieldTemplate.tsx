import { Templates } from '@rjsf/antd';
import { getTemplate, getUiOptions, type FieldTemplateProps } from '@rjsf/utils';
import { Typography } from 'antd';

const LeafTemplate = Templates.FieldTemplate!;

/**
 * A field as Ant Design's theme renders it, except a group (an object or a list that shows no
 * label of its own): that is not wrapped in a form item. A form item gives the items inside it a
 * context that is new at each of its renders, so a group in a form item made every field of the
 * group render again at each keystroke in any one of them. A group's own help and errors are shown
 * under it.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    schema,
    displayLabel,
    hidden,
    children,
    registry,
    uiSchema,
    rawHelp,
    help,
    rawErrors,
    errors,
    rawDescription,
    description,
  } = props;
  const group = !displayLabel && (schema.type === 'object' || schema.type === 'array');
  if (!group || hidden) return <LeafTemplate {...props} />;
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
