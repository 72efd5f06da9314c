import { getTemplate, getUiOptions, TranslatableString, type ArrayFieldItemTemplateProps, type UiSchema } from '@rjsf/utils';
import { Space, theme, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { ItemContentContext } from './ItemContentContext';

/**
 * The title of an item before its content names it: the list's own word for an item with its place
 * (`ui:itemTitle` of the list's UI schema, an i18n key of a text with `{{number}}`: "Series 2"), else
 * "Item 2".
 */
function numberedTitle(t: TFunction, list: UiSchema | undefined, index: number, item: string): string {
  const key = getUiOptions(list).itemTitle;
  return typeof key === 'string' ? label(t, key, { number: index + 1 }) : `${item} ${index + 1}`;
}

/**
 * An item of a list in a form, as a framed group named by its title: what the item holds (the
 * device and variable chosen, told by the picker through `ItemContentContext`), else its place in
 * the list. Its buttons (move up, move down, copy, remove) stand beside the title, so its fields
 * keep the whole width, also on a phone.
 */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry, uiSchema, parentUiSchema } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [content, setContent] = useState<string>();
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  const titleId = `${buttonsProps.fieldPathId.$id}__title`;
  const title = content ?? numberedTitle(t, parentUiSchema, index, registry.translateString(TranslatableString.ArrayItemTitle));
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      style={{
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: `${token.paddingSM}px ${token.padding}px 0`,
        marginBottom: token.marginSM,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, marginBottom: token.marginXS }}>
        <Typography.Text strong id={titleId} style={{ flex: 1, minWidth: 0 }}>
          {title}
        </Typography.Text>
        {hasToolbar ? (
          <Space.Compact>
            <Buttons {...buttonsProps} />
          </Space.Compact>
        ) : null}
      </div>
      <ItemContentContext.Provider value={setContent}>{children}</ItemContentContext.Provider>
    </div>
  );
}
