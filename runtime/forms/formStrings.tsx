import { Templates } from '@rjsf/antd';
import {
  englishStringTranslator,
  replaceStringParameters,
  TranslatableString,
  type IconButtonProps,
  type TemplatesType,
} from '@rjsf/utils';
import { Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';

const NAMES = new Map<string, string>(Object.entries(TranslatableString).map(([name, text]) => [text, name]));

/**
 * The form library's own texts (its array buttons, the empty list, the optional-field controls)
 * in the user's language, from `forms.rjsf.<name>`; the texts meant for schema authors (unsupported
 * fields, reference cycles) stay in English.
 */
export function formStrings(t: TFunction) {
  return (text: TranslatableString, params?: string[]): string => {
    const own = t(`forms.rjsf.${NAMES.get(text) ?? ''}`, { defaultValue: '' });
    return own ? replaceStringParameters(own, params) : englishStringTranslator(text, params);
  };
}

type ButtonTemplates = NonNullable<TemplatesType['ButtonTemplates']>;
const given = Templates.ButtonTemplates as ButtonTemplates;

/**
 * An icon-only button named by its text, which a tooltip shows (its icon's own label, 'plus-circle',
 * would name it otherwise; the browser's own tooltip of `title` shows neither on touch nor on focus).
 */
function named(Button: ComponentType<IconButtonProps>, text: TranslatableString): ComponentType<IconButtonProps> {
  return function NamedButton(props: IconButtonProps) {
    const name = props.registry.translateString(text);
    return (
      <Tooltip title={name}>
        <Button {...props} title={undefined} aria-label={name} />
      </Tooltip>
    );
  };
}

/** The button adding an item to a list: its icon and its text, which alone names it (not the icon's label). */
function AddButton(props: IconButtonProps) {
  const name = props.registry.translateString(TranslatableString.AddItemButton);
  return (
    <given.AddButton {...props} title={undefined} aria-label={name}>
      {name}
    </given.AddButton>
  );
}

/** The array buttons (add, copy, move, remove) and the clear button of inputs, each named in the user's language. */
export const buttonTemplates: Partial<ButtonTemplates> = {
  AddButton,
  ClearButton: named(given.ClearButton, TranslatableString.ClearButton),
  CopyButton: named(given.CopyButton, TranslatableString.CopyButton),
  MoveDownButton: named(given.MoveDownButton, TranslatableString.MoveDownButton),
  MoveUpButton: named(given.MoveUpButton, TranslatableString.MoveUpButton),
  RemoveButton: named(given.RemoveButton, TranslatableString.RemoveButton),
};
