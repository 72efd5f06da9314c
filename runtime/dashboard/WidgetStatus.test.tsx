import { render } from '@testing-library/react';
import axe from 'axe-core';
import { I18nextProvider } from 'react-i18next';
import { expect, test } from 'vitest';
import { i18nFor } from '../i18n/i18n';
import { WidgetStatus } from './WidgetStatus';

test('a widget still loading says so to a screen reader, with no serious or critical accessibility finding', async () => {
  const view = render(
    <I18nextProvider i18n={i18nFor('en')}>
      <WidgetStatus data={{ main: { status: 'loading' } }}>{() => 'the data'}</WidgetStatus>
    </I18nextProvider>,
  );
  const results = await axe.run(view.container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  });
  const failing = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(failing.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' ')}`)).toEqual([]);
  expect(view.getByRole('status', { name: 'Loading' })).toBeDefined();
});
