import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { RJSFSchema } from '@rjsf/utils';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import schema from '../../generated/entities/enterpriseVideo.json';
import factoryTests from '../../generated/entities/factoryTestRecord.json';
import inspectionTasks from '../../generated/entities/inspectionTask.json';
import type { PageSchema } from '../../generated/meta';
import type { Api } from '../api/client';
import { i18nFor } from '../i18n/i18n';
import { RuntimeProvider, type Runtime } from '../RuntimeContext';
import { FilterBar } from './FilterBar';

/** The course list's filters: title (text), category (a reference), published (yes or no). */
const page = {
  page: 'enterpriseVideos',
  route: '/main/appliance/learning-platform/videos',
  entity: 'enterpriseVideo',
  resource: { list: 'getEnterpriseVideoPage' },
  columns: [{ field: 'name' }],
  filters: [{ field: 'name' }, { field: 'categoryId' }, { field: 'published' }],
  defaultSort: { field: 'sort', order: 'asc' },
  pageSizes: [10],
} as PageSchema;

const CATEGORIES = [
  { id: 3, name: 'Storage safety' },
  { id: 5, name: 'PV maintenance' },
];

/** The category picker's call as the server answers it: by part of the name, or one by id. */
const api = {
  callDynamic: vi.fn((operation: string, { query }: { query: { name?: string; id?: number } }) => {
    if (operation !== 'listVideoCategoryOptions') return Promise.reject(new Error(operation));
    return Promise.resolve(
      CATEGORIES.filter((c) => (query.id === undefined || c.id === query.id) && (!query.name || c.name.includes(query.name))),
    );
  }),
} as unknown as Api;

function bar(values: Record<string, string>, onSearch = vi.fn(), on = { page, schema: schema as RJSFSchema, api }) {
  return render(
    <I18nextProvider i18n={i18nFor('en')}>
      <RuntimeProvider runtime={{ api: on.api } as Runtime}>
        <FilterBar page={on.page} schema={on.schema} values={values} onSearch={onSearch} />
      </RuntimeProvider>
    </I18nextProvider>,
  );
}

/** The options a drop-down of the filter bar shows, by their text. */
async function optionsOf(label: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('.ant-select-item-option')].map((node) => node.textContent ?? '');
}

/** Opens a drop-down of the filter bar and picks an option by its text. */
async function pick(label: string, option: string): Promise<void> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((node) => node.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('filters of references and of yes or no', () => {
  test('a reference is picked by name and searched by its id; yes or no is a choice', async () => {
    const onSearch = vi.fn();
    bar({}, onSearch);
    await pick('Category', 'PV maintenance');
    await pick('Published', 'No');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSearch).toHaveBeenLastCalledWith({ name: '', categoryId: '5', published: 'false' });
  });

  test('choices searched with nothing chosen show their placeholder again', () => {
    bar({ name: '', categoryId: '', published: '' });
    expect(screen.getAllByText('Please select')).toHaveLength(2);
  });

  test('a reference the list is filtered by shows its name', async () => {
    bar({ categoryId: '3' });
    await screen.findByText('Storage safety');
  });
});

describe('a coded filter whose codes a call offers (x-options)', () => {
  /** The factory tests' state filter, whose codes `getFactoryTestStatusEnum` offers. */
  const tests = { ...page, page: 'factoryTests', entity: 'factoryTestRecord', filters: [{ field: 'status' }] } as PageSchema;
  const offering = (answer: () => Promise<unknown>) =>
    ({
      callDynamic: vi.fn((operation: string) =>
        operation === 'getFactoryTestStatusEnum' ? answer() : Promise.reject(new Error(operation)),
      ),
    }) as unknown as Api;

  test("offers the schema's codes the call answers, in its order and by its names, and searches by the code", async () => {
    const onSearch = vi.fn();
    const server = offering(() =>
      Promise.resolve([
        { code: 'running', name: 'Under way' },
        { code: 'notStarted', name: 'Waiting' },
        { code: 'retired', name: 'A code the schema does not have' },
      ]),
    );
    bar({}, onSearch, { page: tests, schema: factoryTests as RJSFSchema, api: server });
    await waitFor(() => expect(server.callDynamic).toHaveBeenCalledWith('getFactoryTestStatusEnum', {}, { silent: true }));
    await waitFor(async () => expect(await optionsOf('Status')).toEqual(['Under way', 'Waiting']));
    await pick('Status', 'Under way');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSearch).toHaveBeenLastCalledWith({ status: 'running' });
  });

  test("offers the schema's codes by their labels when the call fails", async () => {
    const server = offering(() => Promise.reject(new Error('unreachable')));
    bar({}, vi.fn(), { page: tests, schema: factoryTests as RJSFSchema, api: server });
    await waitFor(() => expect(server.callDynamic).toHaveBeenCalled());
    expect(await optionsOf('Status')).toEqual(['Not started', 'Running', 'Suspended', 'Terminated']);
  });
});

describe('filters on a phone', () => {
  const wide = window.matchMedia;
  beforeEach(() => {
    // A window of 390 px: only Ant Design's extra-small breakpoint matches.
    window.matchMedia = (query: string) => ({ ...wide(query), matches: query.includes('max-width: 575') });
  });
  afterEach(() => {
    cleanup();
    window.matchMedia = wide;
  });

  test('are folded into a panel that counts the filters set, and search as before once opened', async () => {
    const onSearch = vi.fn();
    bar({ name: 'Yard', published: '' }, onSearch);
    const panel = screen.getByRole('button', { name: /Filters/ });
    expect(panel.getAttribute('aria-expanded')).toBe('false');
    expect(panel.textContent).toContain('1');
    fireEvent.click(panel);
    expect(panel.getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByRole('search');
    expect(within(search).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Yard');
    await act(async () => {
      fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSearch).toHaveBeenLastCalledWith({ name: 'Yard', categoryId: '', published: '' });
  });
});

describe('a filter of one day', () => {
  /** The inspections planned on a day: their plan date (a date field), not a range. */
  const inspections = {
    ...page,
    page: 'inspectionTask',
    entity: 'inspectionTask',
    filters: [{ field: 'planDate' }],
  } as PageSchema;
  const day = (values: Record<string, string>, onSearch = vi.fn()) =>
    bar(values, onSearch, { page: inspections, schema: inspectionTasks as RJSFSchema, api });

  test('is a date picker showing the day searched, and searches by the day typed in it', async () => {
    const onSearch = vi.fn();
    day({ planDate: '2026-11-20' }, onSearch);
    const picker = screen.getByRole('textbox', { name: 'Date' });
    // A date picker (a calendar opens from it), not a box of free text.
    expect(picker.closest('.ant-picker')).not.toBeNull();
    expect(picker).toHaveProperty('value', '2026-11-20');
    await act(async () => {
      fireEvent.mouseDown(picker);
      fireEvent.change(picker, { target: { value: '2026-11-21' } });
      fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter' });
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(onSearch).toHaveBeenLastCalledWith({ planDate: '2026-11-21' });
  });
});
