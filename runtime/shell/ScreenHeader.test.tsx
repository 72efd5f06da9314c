import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, test, vi } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { ScreenHeader } from './ScreenHeader';

describe('the shared header', () => {
  test.each([/Back/, /Close/])('%s closes the screen', (name) => {
    const onClose = vi.fn();
    render(
      <I18nextProvider i18n={i18nFor('en')}>
        <ScreenHeader title="Contacts" onClose={onClose} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Contacts' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('a screen that cannot be closed shows its title alone', () => {
    render(
      <I18nextProvider i18n={i18nFor('zh')}>
        <ScreenHeader title="客户" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: '客户' })).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
