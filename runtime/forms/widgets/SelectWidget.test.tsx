import type { RJSFSchema } from '@rjsf/utils';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import alarmType from '../../../generated/entities/alarmType.json';
import alarmTypeValidators from '../../../generated/entities/alarmType.validator.js';
import customer from '../../../generated/entities/customer.json';
import customerValidators from '../../../generated/entities/customer.validator.js';
import type { Api } from '../../api/client';
import { i18nFor } from '../../i18n/i18n';
import { RuntimeProvider, type Runtime } from '../../RuntimeContext';
import { buildUiSchema } from '../../schema/uiSchema';
import { englishForm } from '../testing';

const t = i18nFor('en').t;
/** The form of `entity` as a list page's dialog derives it: labels, coded values, "Please select". */
const uiOf = (schema: unknown, entity: string) =>
  buildUiSchema({ t, prefix: `entities.${entity}`, schema: schema as RJSFSchema, uiSchema: {}, mode: 'create' });

const open = (name: string) => fireEvent.mouseDown(screen.getByRole('combobox', { name }));
/** The options of the open list, as a user reads them. */
const offered = () =>
  [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map(
    (option) => option.textContent,
  );

describe('a coded field’s picker', () => {
  test('“Please select” is its placeholder, not one of its options; a required field left empty gets its message', () => {
    const onSubmit = vi.fn();
    // The levels are offered by a call (`x-options`); unanswered, the picker offers the schema's.
    const unanswered = { callDynamic: () => new Promise(() => undefined) } as unknown as Api;
    const view = render(
      <RuntimeProvider runtime={{ api: unanswered } as Runtime}>
        {englishForm(alarmType, alarmTypeValidators, {
          formData: { name: 'Overheating' },
          uiSchema: uiOf(alarmType, 'alarmType'),
          onSubmit,
        })}
      </RuntimeProvider>,
    );
    const level = view.container.querySelector('#root_level')?.closest('.ant-form-item') as HTMLElement;
    expect(level.textContent).toContain('Please select');
    open('Alarm level');
    expect(offered()).toEqual(['Critical', 'Major', 'Minor', 'Notice']);
    expect(offered()).not.toContain('Please select');
    act(() => {
      fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
    });
    expect(onSubmit).not.toHaveBeenCalled();
    expect(level.querySelector('.ant-form-item-explain')?.textContent).toMatch(/required/);
  });

  test('a field that is not required is chosen, then emptied with its clear icon, never set to the placeholder', async () => {
    const onChange = vi.fn();
    const view = render(
      englishForm(customer, customerValidators, {
        formData: {},
        uiSchema: uiOf(customer, 'customer'),
        onChange,
        onSubmit: () => undefined,
      }),
    );
    open('Nature');
    expect(offered()).not.toContain('Please select');
    await act(async () => {
      fireEvent.click(await screen.findByText('Foreign-invested (Europe/America)'));
    });
    expect(onChange.mock.lastCall?.[0]?.nature).toBe('foreign_europe_america');
    const nature = view.container.querySelector('#root_nature')?.closest('.ant-form-item') as HTMLElement;
    await act(async () => {
      fireEvent.mouseDown(nature.querySelector('.ant-select-clear') as HTMLElement);
      fireEvent.click(nature.querySelector('.ant-select-clear') as HTMLElement);
    });
    expect(onChange.mock.lastCall?.[0]?.nature).toBeUndefined();
    expect(nature.textContent).toContain('Please select');
  });
});
