import {
  getTemplate,
  getUiOptions,
  titleId,
  type ObjectFieldTemplateProps,
  type ObjectFieldTemplatePropertyType,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { label } from '../i18n/labels';
import { HIDDEN_FIELD } from '../schema/uiSchema';
import { ObjectValuesContext } from './ObjectValuesContext';

/** A titled group of fields of a form (`ui:sections` of a UI schema, in order): its title is an i18n key. */
export interface UiSection {
  title: string;
  /** The fields of the group, in the order it shows them. */
  fields: string[];
}

/** The narrowest column of a form's grid, in pixels: a dialog of 560 px has two, one of 880 px three. */
const MIN_COLUMN = 240;
/** The most columns a form has, however wide it is. */
const MAX_COLUMNS = 3;
/** Widgets that take a whole row of the grid: long texts and lists of files. */
const WIDE_WIDGETS = new Set(['textarea', 'RichText', 'FileListUpload']);

const bare: CSSProperties = { border: 0, margin: 0, padding: 0, minWidth: 0 };

const uiOf = (element: ObjectFieldTemplatePropertyType) => element.content.props as { schema: RJSFSchema; uiSchema?: UiSchema };

/** A field a rule hides (`HIDDEN_FIELD`) or a hidden input: nothing to show, so no place in the grid. */
const isShown = (element: ObjectFieldTemplatePropertyType) =>
  !element.hidden && getUiOptions(uiOf(element).uiSchema).field !== HIDDEN_FIELD['ui:field'];

/** A group (an object, a list) or a long text takes a whole row; any other field one column. */
function isWide(element: ObjectFieldTemplatePropertyType): boolean {
  const { schema, uiSchema } = uiOf(element);
  const widget = getUiOptions(uiSchema).widget;
  return schema.type === 'object' || schema.type === 'array' || (typeof widget === 'string' && WIDE_WIDGETS.has(widget));
}

/** The sections a UI schema declares, each with the fields it names that the form shows. */
function sectionsOf(uiSchema: UiSchema | undefined): UiSection[] {
  const declared = getUiOptions(uiSchema).sections;
  return Array.isArray(declared)
    ? declared.filter((section): section is UiSection => typeof section?.title === 'string' && Array.isArray(section.fields))
    : [];
}

/**
 * The fields of an object on a grid that follows the width of the form itself (a dialog's, a
 * page's), not the window's: a column per 240 px, at most three, so one on a phone; groups and
 * long texts across the whole row; Ant Design's spacing between items. Where the UI schema
 * declares `ui:sections`, the fields they name are shown in titled groups, the others after them.
 * An item of a list shows no title of its own: `ArrayFieldItemTemplate` titles it by its content.
 * (The platform's objects take no additional properties, so there is no button to add one.)
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, title, fieldPathId, registry, required, schema, uiSchema, formData } = props;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, getUiOptions(uiSchema));
  const gap = token.marginLG;
  const grid: CSSProperties = {
    display: 'grid',
    gridTemplateColumns: `repeat(auto-fill, minmax(max(min(100%, ${MIN_COLUMN}px), calc((100% - ${(MAX_COLUMNS - 1) * gap}px) / ${MAX_COLUMNS})), 1fr))`,
    columnGap: gap,
  };
  const cells = (elements: ObjectFieldTemplatePropertyType[]): ReactNode => (
    <div style={grid}>
      {elements.map((element) => (
        <div key={element.name} style={{ minWidth: 0, ...(isWide(element) ? { gridColumn: '1 / -1' } : {}) }}>
          {element.content}
        </div>
      ))}
    </div>
  );

  const shown = properties.filter(isShown);
  const sections = sectionsOf(uiSchema);
  const sectioned = new Set(sections.flatMap((section) => section.fields));
  const rest = shown.filter((element) => !sectioned.has(element.name));
  const item = typeof fieldPathId.path.at(-1) === 'number';
  return (
    <ObjectValuesContext.Provider value={formData as Record<string, unknown> | undefined}>
      <fieldset id={fieldPathId.$id} style={bare}>
        {title && !item ? (
          <TitleFieldTemplate
            id={titleId(fieldPathId)}
            title={title}
            required={required}
            schema={schema}
            uiSchema={uiSchema}
            registry={registry}
          />
        ) : null}
        {sections.map((section) => {
          const elements = section.fields.flatMap((field) => shown.filter((element) => element.name === field));
          return elements.length ? (
            <fieldset key={section.title} style={bare}>
              <legend
                style={{
                  padding: 0,
                  marginBottom: token.marginSM,
                  fontSize: token.fontSizeLG,
                  fontWeight: token.fontWeightStrong,
                  color: token.colorTextHeading,
                }}
              >
                {label(t, section.title)}
              </legend>
              {cells(elements)}
            </fieldset>
          ) : null;
        })}
        {rest.length ? cells(rest) : null}
      </fieldset>
    </ObjectValuesContext.Provider>
  );
}
