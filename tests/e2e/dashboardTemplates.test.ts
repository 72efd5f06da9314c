import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, signIn } from '../support/api';
import { seriousFindings } from '../support/axe';
import { launchBrowser, notice, signInAsAdmin, tap } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const dashboardOf = (station: string) => `/main/ems/map/monitor/dashboard?lng=en&station=${station}`;

interface Stored {
  stationSn: string;
  version: number;
  schemaVersion: number;
  layouts: Record<string, unknown[]>;
  widgets: { id: string; type: string; config: Record<string, unknown>; unbound?: unknown[] }[];
}

/** A figure of the hottest cell of the BMS, which 嘉定储能电站's BMS does not report. */
const HOTTEST = { id: 'hottest', name: '最高单体温度' };

/** The serial numbers of the variables a dashboard binds (not a placeholder's roles, `@model#rank.code`). */
const variablesOf = (document: Stored) =>
  [...JSON.stringify(document.widgets).matchAll(/"varSn":"([^"@][^"]*)"/g)].map((match) => match[1]!);

/**
 * One dashboard for the storage stations of tenant 2, as an operator builds it: a template made of
 * the demo storage dashboard (with a figure of the BMS's hottest cell), followed by the station it
 * was made of and attached to the other two, one of them with a change of its own; a template
 * change previewed (the station whose change it meets, and what the station that lacks a variable
 * cannot bind, named by its own device and the variable's name) and published to the others, each
 * showing the change with its own data; the widget that station cannot bind stands in its place,
 * saying why in either language, until editing binds it.
 */
describe('dashboard templates', () => {
  let server: TestServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let admin: string;

  const stored = async (station: string) =>
    (await call<Stored>(server.app, admin, { method: 'GET', url: `/ems/api/main/siteKanban/${station}` })).body.data;
  async function open(station: string) {
    const count = (await stored(station)).widgets.length;
    await page.goto(`${server.url}${dashboardOf(station)}`);
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(count);
  }

  beforeAll(async () => {
    server = await startServer({ listen: true, sqliteDemo: true });
    admin = await signIn(server.app, 'admin', 'admin123');
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await signInAsAdmin(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  test('made, attached, overridden on one station, changed, previewed and published to the others', async () => {
    // The storage dashboard shows the hottest cell too.
    const source = await stored('T2-ST1');
    const added = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: {
        ...source,
        layouts: {
          ...source.layouts,
          desktop: [...(source.layouts.desktop ?? []), { id: HOTTEST.id, x: 0, y: 200, w: 6, h: 6 }],
        },
        widgets: [
          ...source.widgets,
          {
            id: HOTTEST.id,
            type: 'singleData',
            config: {
              name: HOTTEST.name,
              chainType: 'MONTH',
              deviceVar: { deviceSn: 'T2-ST1-BMS', varSn: 'T2-ST1-BMS.maxCellTemp' },
            },
          },
        ],
      },
    });
    expect(added.status).toBe(200);
    // Made of the storage dashboard, followed by its station and attached to the two others.
    await open('T2-ST1');
    await tap(page.getByRole('button', { name: 'Template' }));
    const drawer = page.getByRole('dialog', { name: 'Dashboard template' });
    await drawer.getByText('This station follows no template: its dashboard is its own.').waitFor();
    await drawer.getByRole('textbox', { name: 'Template name' }).fill('储能电站看板');
    await tap(drawer.getByRole('button', { name: 'Make template' }));
    await notice(page, 'Template 储能电站看板 made');
    // The station it was made from is offered to follow it, and does.
    await tap(drawer.getByRole('button', { name: 'Follow it with this station' }));
    await notice(page, 'Stations attached: 1');
    // What it holds, as the server has the template: its widgets, and the variables a station needs.
    const templates = await call<{ id: number; name: string }[]>(server.app, admin, {
      method: 'GET',
      url: '/ems/api/main/kanbanTemplate/list',
    });
    const made = templates.body.data.find((entry) => entry.name === '储能电站看板');
    const held = (
      await call<{ content: { widgets: unknown[]; roles: { variables: Record<string, string> } } }>(server.app, admin, {
        method: 'GET',
        url: `/ems/api/main/kanbanTemplate/${String(made?.id)}`,
      })
    ).body.data.content;
    const holds = drawer.getByRole('region', { name: 'What the template holds' });
    await holds.getByText(`Widgets: ${held.widgets.length}`, { exact: true }).waitFor();
    const needed = Object.values(held.roles.variables);
    expect(needed.length).toBeGreaterThan(0);
    await holds.getByText(`Variables a station needs: ${needed.join(', ')}`, { exact: true }).waitFor();
    await drawer.getByText(/^Follows 储能电站看板, version 1 \(current 1\), with 0 changes of its own\.$/).waitFor();
    await tap(drawer.getByRole('combobox', { name: 'Stations to attach' }));
    for (const name of ['临港储能电站', '嘉定储能电站']) await tap(page.locator('.ant-select-item-option', { hasText: name }));
    await page.keyboard.press('Escape');
    await tap(drawer.getByRole('button', { name: 'Attach', exact: true }));
    await notice(page, 'Stations attached: 2');
    for (const sn of ['T2-ST1', 'T2-ST2', 'T2-ST3'])
      await drawer.locator(`[data-station="${sn}"]`).getByText('Follows', { exact: true }).waitFor();
    await drawer.getByText(/^Follows 储能电站看板, version 1 \(current 1\), with 0 changes of its own\.$/).waitFor();

    // The second station renames a widget of its own accord.
    const second = await stored('T2-ST2');
    const own = second.widgets.find((widget) => widget.type === 'singleData')!;
    const renamed = await call(server.app, admin, {
      method: 'POST',
      url: '/ems/api/main/siteKanban/saveOrUpdate',
      payload: {
        ...second,
        widgets: second.widgets.map((widget) =>
          widget.id === own.id ? { ...widget, config: { ...widget.config, name: '二号站环比' } } : widget,
        ),
      },
    });
    expect(renamed.status).toBe(200);

    // The template is edited on the first station: the widget the second station renamed is removed.
    const before = { first: await stored('T2-ST1'), second: await stored('T2-ST2'), third: await stored('T2-ST3') };
    const title = String(own.config.name);
    await tap(drawer.getByRole('button', { name: 'Edit the template' }));
    await page.locator('.ant-alert', { hasText: 'Editing the template, shown with the devices of 张江储能电站.' }).waitFor();
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(before.first.widgets.length);
    await tap(page.getByRole('button', { name: `Delete: ${title}` }));
    await expect.poll(() => page.locator('.dashboard-grid-item').count()).toBe(before.first.widgets.length - 1);
    await tap(page.getByRole('button', { name: 'Preview and publish' }));
    const dialog = page.getByRole('dialog', { name: 'Publish version 2 of the template' });
    const entry = (sn: string) => dialog.locator(`[data-station="${sn}"]`);
    await entry('T2-ST1').getByText(`Removes ${title}`).waitFor();
    // The station whose own change the new version meets is named, and left out at first.
    await entry('T2-ST2').getByText('Conflicts: 1').waitFor();
    await entry('T2-ST2')
      .getByText(`${title}: reconfigured at this station, removed in the template (the station's stays)`)
      .waitFor();
    expect(await entry('T2-ST2').getByRole('checkbox', { name: 'Publish to this station' }).isChecked()).toBe(false);
    // The station without the BMS's highest cell temperature is told what it cannot take, by its own
    // BMS and the variable's name (not the device of the station the template is edited on, nor codes),
    // and which widget stays in its place saying why.
    await entry('T2-ST3').getByText('SOC与温度: 嘉定 BMS 主控 on this station has no 最高单体温度', { exact: true }).waitFor();
    await entry('T2-ST3')
      .getByText(`${HOTTEST.name}: 嘉定 BMS 主控 on this station has no 最高单体温度`, { exact: true })
      .waitFor();
    await entry('T2-ST3')
      .getByText(`Shown in their place with why, until bound or removed: ${HOTTEST.name}`, { exact: true })
      .waitFor();
    const told = await dialog.innerText();
    expect(told).not.toMatch(/maxCellTemp|BMS-M1|T2-ST|@/);
    expect(told).not.toMatch(/(^|[^定] )BMS 主控/m);
    expect(await entry('T2-ST3').getByRole('checkbox', { name: 'Publish to this station' }).isChecked()).toBe(true);
    await tap(dialog.getByRole('button', { name: 'Publish to the stations ticked (2)' }));
    await notice(page, 'Version 2 published to 2 stations');
    await page.getByRole('button', { name: 'Edit dashboard' }).waitFor();

    // Published to the first and the third station, each with its own variables; the second stays as it was.
    const after = { first: await stored('T2-ST1'), second: await stored('T2-ST2'), third: await stored('T2-ST3') };
    expect(after.first.version).toBe(before.first.version + 1);
    expect(after.first.widgets.map((widget) => widget.id)).not.toContain(own.id);
    expect(after.third.version).toBe(before.third.version + 1);
    expect(after.third.widgets.map((widget) => widget.id)).not.toContain(own.id);
    expect(after.second).toEqual(before.second);
    for (const [sn, document] of [
      ['T2-ST1', after.first],
      ['T2-ST3', after.third],
    ] as const) {
      for (const variable of variablesOf(document)) expect(variable.startsWith(`${sn}-`)).toBe(true);
    }
    // The hottest cell stays on the third station, as a placeholder saying why.
    expect(after.third.widgets.find((widget) => widget.id === HOTTEST.id)?.unbound).toEqual([
      expect.objectContaining({ reason: 'noVariable', device: '嘉定 BMS 主控', variable: '最高单体温度' }),
    ]);
    // Each station's dashboard shows it: the first one's page has loaded it again.
    await expect.poll(() => page.locator('.dashboard-grid-item').count(), { timeout: 20_000 }).toBe(after.first.widgets.length);
    await open('T2-ST3');
    await open('T2-ST2');
    expect(await page.getByRole('region', { name: '二号站环比' }).count()).toBe(1);
    // Editing a station's own dashboard says which template it follows and what a save does.
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    const following = page.locator('.ant-alert', {
      hasText: /^Follows 储能电站看板, version 1 \(current 2\), with 1 changes of its own\./,
    });
    await following.getByText('What you save here is kept as this station’s own changes to the template').waitFor();
    await tap(page.getByRole('button', { name: 'Cancel' }));
  });

  test('the widget a station cannot bind stands in its place saying why, in both languages, until editing binds it', async () => {
    await open('T2-ST3');
    const placeholder = page.getByRole('region', { name: HOTTEST.name });
    await placeholder.getByText('Not bound at this station', { exact: true }).waitFor();
    await placeholder.getByText('嘉定 BMS 主控 on this station has no 最高单体温度', { exact: true }).waitFor();
    await placeholder.getByText('Edit the dashboard to bind it or remove it.', { exact: true }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);

    await page.goto(`${server.url}/main/ems/map/monitor/dashboard?lng=zh&station=T2-ST3`);
    const zh = page.getByRole('region', { name: HOTTEST.name });
    await zh.getByText('本站无法绑定', { exact: true }).waitFor();
    await zh.getByText('本站的嘉定 BMS 主控没有最高单体温度', { exact: true }).waitFor();
    await zh.getByText('编辑看板即可绑定或删除此组件。', { exact: true }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);

    // Editing: it can be removed (one step, undone), or bound to a variable of the station's own.
    await open('T2-ST3');
    const count = await page.locator('.dashboard-grid-item').count();
    await tap(page.getByRole('button', { name: 'Edit dashboard' }));
    await placeholder.getByText('Edit it to choose what it shows here, or delete it.', { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: `Delete: ${HOTTEST.name}` }));
    await expect.poll(() => page.locator('.dashboard-grid-item').count()).toBe(count - 1);
    await tap(page.getByRole('button', { name: 'Undo' }));
    await placeholder.getByText('Not bound at this station', { exact: true }).waitFor();
    await tap(page.getByRole('button', { name: `Edit: ${HOTTEST.name}` }));
    const dialog = page.getByRole('dialog', { name: `module configuration: ${HOTTEST.name}` });
    await tap(dialog.getByRole('combobox', { name: 'Device variable' }).last());
    await tap(page.getByRole('menuitemcheckbox', { name: '嘉定储能电站' }));
    await tap(page.getByRole('menuitemcheckbox', { name: '嘉定 BMS 主控' }));
    await tap(page.getByRole('menuitemcheckbox', { name: 'SOC (%)' }));
    await tap(dialog.getByRole('button', { name: 'Save' }));
    await expect.poll(() => placeholder.getByText('Not bound at this station').count()).toBe(0);
    await tap(page.getByRole('button', { name: 'Save dashboard' }));
    await notice(page, 'Saved');
    const saved = (await stored('T2-ST3')).widgets.find((widget) => widget.id === HOTTEST.id)!;
    expect(saved.unbound).toBeUndefined();
    expect(saved.config.deviceVar).toEqual({ deviceSn: 'T2-ST3-BMS', varSn: 'T2-ST3-BMS.soc' });
    // Bound here, it is the station's own change to the template.
    const template = (
      await call<{ following: { overrides: number } }>(server.app, admin, {
        method: 'GET',
        url: '/ems/api/main/siteKanban/T2-ST3/template',
      })
    ).body.data;
    expect(template.following.overrides).toBe(1);
  });

  test('a template is made the default of its kind from the drawer, which no other template of the kind stays, and stops being it', async () => {
    interface Template {
      id: number;
      name: string;
      isDefault: boolean;
    }
    const make = async (name: string, isDefault: boolean) =>
      (
        await call<Template>(server.app, admin, {
          method: 'POST',
          url: '/ems/api/main/kanbanTemplate/create',
          payload: { name, stationSn: 'T2-ST1', isDefault },
        })
      ).body.data;
    const first = await make('储能默认看板', true);
    const second = await make('储能备选看板', false);
    /** Which of the two the server holds as a default. */
    const defaults = async () =>
      (await call<Template[]>(server.app, admin, { method: 'GET', url: '/ems/api/main/kanbanTemplate/list' })).body.data
        .filter((template) => template.isDefault && [first.id, second.id].includes(template.id))
        .map((template) => template.id);
    expect(await defaults()).toEqual([first.id]);

    await open('T2-ST1');
    await tap(page.getByRole('button', { name: 'Template' }));
    const drawer = page.getByRole('dialog', { name: 'Dashboard template' });
    await tap(drawer.getByRole('combobox', { name: 'Template', exact: true }));
    await tap(page.locator('.ant-select-item-option', { hasText: '储能备选看板' }));
    await tap(drawer.getByRole('button', { name: /^Make it the default for .+ stations$/ }));
    await notice(page, '储能备选看板 is the default of its kind now');
    expect(await defaults()).toEqual([second.id]);
    await drawer.getByText(/^Default for .+ stations$/).waitFor();
    await tap(drawer.getByRole('button', { name: 'No longer the default' }));
    await notice(page, '储能备选看板 is no longer the default');
    expect(await defaults()).toEqual([]);
    await drawer.getByRole('button', { name: /^Make it the default for .+ stations$/ }).waitFor();
    expect(await seriousFindings(page)).toEqual([]);
  });
});
