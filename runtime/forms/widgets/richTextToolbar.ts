import type { TFunction } from 'i18next';

/** The names of the toolbar's controls by format (and value, `list:ordered`), in the user's language. */
const namesOf = (t: TFunction): Record<string, string> => ({
  header: t('forms.richText.header'),
  bold: t('forms.richText.bold'),
  italic: t('forms.richText.italic'),
  underline: t('forms.richText.underline'),
  strike: t('forms.richText.strike'),
  color: t('forms.richText.color'),
  'color:': t('forms.richText.defaultColour'),
  background: t('forms.richText.background'),
  'background:': t('forms.richText.defaultColour'),
  'list:ordered': t('forms.richText.orderedList'),
  'list:bullet': t('forms.richText.bulletList'),
  align: t('forms.richText.align'),
  'align:': t('forms.richText.alignLeft'),
  'align:center': t('forms.richText.alignCenter'),
  'align:right': t('forms.richText.alignRight'),
  'align:justify': t('forms.richText.alignJustify'),
  link: t('forms.richText.link'),
  clean: t('forms.richText.clean'),
});

/** The format a control of the toolbar sets, from its class (`ql-bold`; `ql-header ql-picker`, not the picker's kind). */
const formatOf = (element: Element): string =>
  [...element.classList].find((name) => name.startsWith('ql-') && name !== 'ql-active' && !name.endsWith('picker'))?.slice(3) ??
  '';

function name(element: Element, text: string): void {
  element.setAttribute('aria-label', text);
  element.setAttribute('title', text);
}

/**
 * Names every control of a rich-text toolbar in the user's language, with a tooltip: the editor
 * draws them as bare icons, named (if at all) by their format in English. A heading's name says its
 * level, a colour's its code (the default colour says it is the default).
 */
export function nameToolbar(toolbar: Element, t: TFunction): void {
  const names = namesOf(t);
  for (const button of toolbar.querySelectorAll('button')) {
    const format = formatOf(button);
    const text = names[button.value ? `${format}:${button.value}` : format];
    if (text) name(button, text);
  }
  for (const picker of toolbar.querySelectorAll('.ql-picker')) {
    const format = formatOf(picker);
    const label = picker.querySelector('.ql-picker-label');
    if (label && names[format]) name(label, names[format]);
    for (const item of picker.querySelectorAll('.ql-picker-item')) {
      const value = item.getAttribute('data-value') ?? '';
      const text =
        format === 'header'
          ? value
            ? t('forms.richText.headerLevel', { level: value })
            : t('forms.richText.normal')
          : (names[`${format}:${value}`] ?? value);
      if (text) name(item, text);
    }
  }
}
