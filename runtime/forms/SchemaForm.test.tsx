import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import schema from '../../generated/entities/mobileStorage.json';
import validators from '../../generated/entities/mobileStorage.validator.js';
import { englishForm } from './testing';

const UNIT = { name: 'Trailer', sn: 'MS-09', capacity: 200, ratedPower: 100 };

/** The mobile storage unit's form, whose station is required once the unit is deployed. */
function submitted(state: string) {
  const onSubmit = vi.fn();
  const view = render(englishForm(schema, validators, { formData: { ...UNIT, state }, onSubmit }));
  act(() => {
    fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
  });
  const station = view.container.querySelector('#root_stationId')?.closest('.ant-form-item');
  return { onSubmit, view, station };
}

describe('a field required on a condition of another (if / then)', () => {
  test('a deployed unit without its station: the station is marked required, its error is under it, the form is not sent', () => {
    const { onSubmit, view, station } = submitted('deployed');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(station?.querySelector('.ant-form-item-required')).not.toBeNull();
    expect(station?.querySelector('.ant-form-item-explain')?.textContent).toMatch(/required/);
    // Only the field's own error: the condition's wrapping one ("must match "then" schema") is not shown.
    expect(view.container.querySelectorAll('.ant-form-item-explain')).toHaveLength(1);
    expect(view.container.textContent).not.toMatch(/must match/);
  });

  test('an available unit needs no station: not marked required, and sent', () => {
    const { onSubmit, station } = submitted('available');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(station?.querySelector('.ant-form-item-required')).toBeNull();
  });
});
