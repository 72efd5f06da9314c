import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { i18nFor } from '../i18n/i18n';
import { ListView, rowWorkKey, type ListViewProps } from './ListView';
import { pages } from './pages';

const page = pages.find((candidate) => candidate.page === 'emsDeviceModel');
const schema: RJSFSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, kind: { type: 'string' } },
};
const records = [{ id: 7, name: 'PCS-500', kind: 'pcs' }];

function list(props: Partial<ListViewProps> = {}) {
  if (!page) throw new Error('no page emsDeviceModel');
  return render(
    <I18nextProvider i18n={i18nFor('en')}>
      <ListView
        page={page}
        schema={schema}
        records={records}
        total={1}
        state={{ current: 1, size: 10, sortField: 'createTime', sortOrder: 'desc', filters: {} }}
        loading={false}
        onStateChange={vi.fn()}
        {...props}
      />
    </I18nextProvider>,
  );
}

describe('the file actions of a row (a device model’s register map)', () => {
  test('each export downloads its file about the row, the second from under More', async () => {
    const onDownload = vi.fn();
    list({ onDownload });
    fireEvent.click(screen.getByRole('button', { name: 'Export map (Excel)' }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ operation: 'exportEmsDeviceModelMap' }), records[0]);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export map (CSV)' }));
    expect(onDownload).toHaveBeenCalledWith(expect.objectContaining({ operation: 'exportEmsDeviceModelMapCsv' }), records[0]);
  });

  test('of its six actions the row shows Edit and the first export, and More holds the others, Delete among them', async () => {
    list();
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    const buttons = [...row.querySelectorAll('button')].map((button) => button.textContent);
    expect(buttons).toEqual(['Edit', 'Export map (Excel)', 'More']);
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu', { name: 'More actions: PCS-500' });
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Export map (CSV)',
      'Import map',
      'Devices of its kind',
      'Delete',
    ]);
  });

  test('the import sends the file the user picks, of the types it takes, about the row', async () => {
    const onUpload = vi.fn();
    const view = list({ onUpload });
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"]');
    expect(input?.accept).toBe('.xlsx,.csv');
    const file = new File(['code,name,kind\nsoc,SOC,gauge\n'], 'map.csv', { type: 'text/csv' });
    fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith(
        expect.objectContaining({ operation: 'importEmsDeviceModelMap' }),
        records[0],
        expect.objectContaining({ name: 'map.csv' }),
      ),
    );
  });

  test('the action under way shows it on its row', () => {
    list({ rowWork: rowWorkKey('exportEmsDeviceModelMap', records[0] ?? {}) });
    expect(screen.getByRole('button', { name: /Export map \(Excel\)/ }).className).toContain('ant-btn-loading');
  });
});
