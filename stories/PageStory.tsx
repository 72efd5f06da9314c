import type { UiSchema } from '@rjsf/utils';
import { expect, within } from 'storybook/test';
import type { PageSchema } from '../generated/meta';
import type { SchemaModule } from '../generated/registry';
import { pages } from '../runtime/list/pages';
import { createI18n, fieldLabel, type Language, type ListRecord, requireLabels, type ThemeName } from '../runtime';
import { loadLanguage } from '../runtime/i18n/i18n';
import { columnTitle } from '../runtime/list/columnTitle';
import { initialListState } from '../runtime/list/listQuery';
import { buildUiSchema } from '../runtime/schema/uiSchema';
import { SchemaForm } from '../runtime/forms/SchemaForm';
import { ListView } from '../runtime/list/ListView';
import { loadEntity, loadUiSchema } from '../runtime/schema/entities';
import { StoryFrame } from './StoryFrame';

export interface PageStoryArgs {
  page: string;
  view: 'list' | 'form';
  lng: Language;
  theme: ThemeName;
}

export interface PageStoryLoaded {
  entity: SchemaModule;
  uiSchema: UiSchema;
}

function pageSchema(name: string): PageSchema {
  const page = pages.find((candidate) => candidate.page === name);
  if (!page) throw new Error(`no page schema ${name}`);
  return page;
}

/** The examples of the entity schema, as the list shows stored records. */
function exampleRecords(entity: SchemaModule): ListRecord[] {
  const examples = (entity.schema.examples ?? []) as ListRecord[];
  return examples.map((example, index) => ({ ...example, id: index + 1, createTime: '2026-03-01T08:30:00.000Z' }));
}

/**
 * Storybook loader: the entity schema, validators and UI schema of the story's page, and the
 * labels of its language (the shell's and the screens'), loaded before the story draws: the form's
 * labels are worked out as it draws, so a story opened first, before any other had loaded them,
 * showed their keys.
 */
export async function loadPageStory({ args }: { args: PageStoryArgs }): Promise<PageStoryLoaded> {
  const page = pageSchema(args.page);
  await Promise.all([requireLabels('main'), requireLabels('screens')]);
  const [entity, uiSchema] = await Promise.all([
    loadEntity(page.entity),
    page.form ? loadUiSchema(page.form.ui) : {},
    loadLanguage(args.lng),
  ]);
  return { entity, uiSchema };
}

/** A page schema's list (with the entity's examples as rows) or its form, in a language and theme. */
export function PageStory(args: PageStoryArgs & { loaded?: PageStoryLoaded }) {
  const page = pageSchema(args.page);
  const { loaded } = args;
  if (!loaded) return null;
  if (args.view === 'list') {
    const records = exampleRecords(loaded.entity);
    return (
      <StoryFrame lng={args.lng} theme={args.theme}>
        <ListView
          page={page}
          schema={loaded.entity.schema}
          records={records}
          total={records.length}
          state={initialListState(page)}
          loading={false}
          onStateChange={() => undefined}
          onCreate={() => undefined}
        />
      </StoryFrame>
    );
  }
  const t = createI18n(args.lng).t;
  const uiSchema = buildUiSchema({
    t,
    prefix: `entities.${page.entity}`,
    schema: loaded.entity.schema,
    uiSchema: loaded.uiSchema,
    mode: 'create',
    fixed: page.scope,
  });
  return (
    <StoryFrame lng={args.lng} theme={args.theme}>
      <SchemaForm
        schema={loaded.entity.schema}
        uiSchema={uiSchema}
        validators={loaded.entity.validators}
        formData={exampleRecords(loaded.entity)[0]}
        onSubmit={() => undefined}
      />
    </StoryFrame>
  );
}

interface PlayContext {
  canvasElement: HTMLElement;
  args: PageStoryArgs;
  loaded: Record<string, unknown>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every column header is there, in the story's language, and each example is a row. */
export async function playList({ canvasElement, args, loaded }: PlayContext): Promise<void> {
  const canvas = within(canvasElement);
  const page = pageSchema(args.page);
  const t = createI18n(args.lng).t;
  // The headers are read once: a query by role and name walks the whole table each time, and a
  // list of twenty columns took seconds that way.
  const headers = canvas.getAllByRole('columnheader').map((header) => header.textContent?.trim() ?? '');
  for (const column of page.columns) {
    // A sortable header ends with the arrow of its order.
    const name = new RegExp(`^${escape(columnTitle(t, page, column))}( [↑↓])?$`);
    await expect(headers.filter((header) => name.test(header))).toHaveLength(1);
  }
  const rows = canvas.getAllByRole('row');
  await expect(rows).toHaveLength(exampleRecords((loaded as unknown as PageStoryLoaded).entity).length + 1);
}

type Property = { readOnly?: boolean; type?: string; enum?: unknown[]; format?: string; 'x-ref'?: string; 'x-upload'?: unknown };

/** Every field a user fills in has its translated label, and the example's free text is shown. */
export async function playForm({ canvasElement, args, loaded }: PlayContext): Promise<void> {
  const canvas = within(canvasElement);
  const page = pageSchema(args.page);
  const t = createI18n(args.lng).t;
  const { entity, uiSchema } = loaded as unknown as PageStoryLoaded;
  const properties = (entity.schema.properties ?? {}) as Record<string, Property>;
  const example = exampleRecords(entity)[0] ?? {};
  const hiddenByUi = (name: string) => (uiSchema[name] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] === 'hidden';
  for (const [name, property] of Object.entries(properties)) {
    // Lists and objects are labelled as groups, not as one input.
    if (property.readOnly || hiddenByUi(name) || page.scope?.includes(name) || property.type === 'array') continue;
    // The label is the field's title, with the mark of a required field where it is one.
    const label = new RegExp(`^\\*?\\s*${escape(fieldLabel(t, page.entity, name))}\\s*\\*?$`);
    await expect(canvas.getByLabelText(label)).toBeInTheDocument();
  }
  for (const [name, property] of Object.entries(properties)) {
    const value = example[name];
    // A picture's address is shown as the picture, not as text.
    const freeText =
      property.type === 'string' && !property.enum && !property.format && !property['x-ref'] && !property['x-upload'];
    if (freeText && typeof value === 'string' && !property.readOnly && !hiddenByUi(name)) {
      await expect(canvas.getByDisplayValue(value)).toBeInTheDocument();
    }
  }
  await expect(canvas.getByRole('button', { name: t('common.save') })).toBeInTheDocument();
}
