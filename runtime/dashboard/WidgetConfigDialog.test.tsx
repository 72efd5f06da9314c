import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AppProviders } from '../shell/AppProviders';
import { memoryRuntime } from '../shell/memoryRuntime';
import { defineWidget } from './widget';
import { WidgetConfigDialog } from './WidgetConfigDialog';

/** A widget type of the given name: the dialog reads its schema by the name, and nothing else of it. */
const typed = (type: string) =>
  defineWidget({
    type,
    group: 'data',
    icon: null,
    size: { w: 6, h: 4 },
    needs: () => ({}),
    View: () => null,
    migrate: (config) => config,
  });

/** The app's providers in English, with an API no test here calls. */
function app(children: ReactNode) {
  return <AppProviders runtime={memoryRuntime('en', 'default')}>{children}</AppProviders>;
}

function dialog(type: string) {
  return render(
    app(
      <WidgetConfigDialog
        definition={typed(type)}
        title="Figure"
        config={{}}
        stationSn="T2-ST1"
        onSave={vi.fn()}
        onCancel={vi.fn()}
      />,
    ),
  );
}

describe("a widget's configuration dialog", () => {
  afterEach(cleanup);

  test("renders the type's schema, and Save is offered once it has", async () => {
    dialog('singleData');
    expect(await screen.findByRole('dialog', { name: 'module configuration: Figure' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false));
    expect(screen.getByRole('radio', { name: 'Month on month (vs last month)' })).toBeTruthy();
  });

  test('a schema that cannot be loaded says so instead of spinning, and Save stays off', async () => {
    dialog('noSuchType');
    expect(
      await screen.findByText('The configuration form could not be loaded; close the dialog and open it again.'),
    ).toBeTruthy();
    expect(screen.getByText('no schema for widget noSuchType')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
