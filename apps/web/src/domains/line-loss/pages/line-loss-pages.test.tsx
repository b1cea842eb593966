import { circuit, lineLoss, ou } from '@energy/contracts/refs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { fixture, pageOf, renderPage } from '../../../test/render-page';
import type { ConfigRow, LogRow, LossData, RuleRow } from '../queries';
import LineLossAlarmPage from './line-loss-alarm-page';
import LineLossPage from './line-loss-page';

const m = (id: number, code: string) => ({ id, code, name: `Circuit ${code}` });
const config: ConfigRow = {
  id: 4,
  name: 'Incoming line 1 loss',
  kind: 'circuit',
  ouId: 5,
  ouName: 'Suzhou Plant Site',
  input: m(1, 'IN-1'),
  outputs: [m(2, 'FD-1'), m(3, 'FD-2')],
  remark: null,
  createdAt: 1_780_000_000_000,
  updatedAt: 1_780_000_000_000,
};
// input 120.500 kWh, outputs 116.644 kWh: loss 3.856 kWh, 3.2 %; the second day has no input
const data: LossData = {
  configId: 4,
  circuitId: 1,
  kind: 'circuit',
  name: config.name,
  timeZone: 'Asia/Shanghai',
  input: config.input,
  children: config.outputs,
  periods: [
    { label: '2026-06-01', ts: 1, inputWh: 120_500, outputWh: 116_644, lossWh: 3856, rate: 0.032 },
    { label: '2026-06-02', ts: 2, inputWh: 0, outputWh: 0, lossWh: 0, rate: null },
  ],
  total: { inputWh: 120_500, outputWh: 116_644, lossWh: 3856, rate: 0.032 },
};
const circuits = [
  { id: 1, code: 'IN-1', name: 'Incoming 1', parentId: null },
  { id: 2, code: 'FD-1', name: 'Feeder 1', parentId: 1 },
  { id: 3, code: 'FD-2', name: 'Feeder 2', parentId: 1 },
  { id: 9, code: 'FD-9', name: 'Feeder 9', parentId: 8 },
].map((c) => ({
  ...c,
  type: 'feeder' as const,
  ouId: 5,
  ouName: 'Suzhou Plant Site',
  parentName: null,
  distributionCabinetId: null,
  distributionCabinetName: null,
  accountId: null,
  accountName: null,
  ownAccount: false,
  ratedCurrentA: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  meters: [],
}));
const rule: RuleRow = {
  id: 7,
  name: 'Line 1 above 4.5 %',
  configId: 4,
  configName: config.name,
  ouId: 5,
  thresholdPercent: 4.5,
  periods: 3,
  timeLevel: 'day',
  level: 1,
  enabled: true,
  state: 'firing',
  alarmId: 31,
  lastPeriod: '2026-06-02',
  lastRate: 0.051234,
  evaluatedAt: 1_780_000_000_000,
  createdAt: 1_780_000_000_000,
  updatedAt: 1_780_000_000_000,
};
const log: LogRow = {
  id: 11,
  ruleId: 7,
  ruleName: rule.name,
  configId: 4,
  configName: config.name,
  kind: 'raised',
  period: '2026-06-02',
  rate: 0.051234,
  thresholdPercent: 4.5,
  periods: [
    { label: '2026-06-01', inputWh: 100_000, lossWh: 5000, rate: 0.05 },
    { label: '2026-06-02', inputWh: 100_000, lossWh: 5123, rate: 0.051234 },
  ],
  alarmId: 31,
  remark: 'Line loss of Incoming line 1 loss: 5.12 % above 4.5 % in 2 consecutive days',
  createdAt: 1_780_000_000_000,
};

const configFixtures = [
  fixture(lineLoss.lineLossPage, pageOf([config])),
  fixture(lineLoss.lineLossList, [config]),
  fixture(lineLoss.lineLossData, data),
  fixture(circuit.circuitList, circuits),
  fixture(ou.ouList, []),
];
const ALL_CONFIG_CODES = [
  'p-circuit-line-loss',
  'p-circuit-manage',
  'b-circuit-line-loss-create',
  'b-circuit-line-loss-edit',
  'b-circuit-line-loss-delete',
  'b-circuit-line-loss-export',
];
/** Under load a page's first answers can take seconds. */
const LOAD = { timeout: 10_000 };
const lastBody = (view: ReturnType<typeof renderPage>) => view.to(lineLoss.lineLossData).at(-1)?.body;
const rows = (testId: string) => [...screen.getByTestId(testId).querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('line-loss page', { timeout: 60_000 }, () => {
  test('the configurations and the loss of the chosen one per day, to the Wh, with the buttons the codes allow', async () => {
    const view = renderPage(<LineLossPage />, { permissions: ALL_CONFIG_CODES, fixtures: configFixtures, path: '/?month=2026-06' });
    await waitFor(() => expect(rows('line-loss-list')).toHaveLength(1), LOAD);
    const row = rows('line-loss-list')[0]!.textContent;
    expect(row).toContain('Incoming line 1 loss');
    expect(row).toContain('Circuit IN-1 (IN-1)');
    expect(row).toContain('2 · FD-1, FD-2');
    await waitFor(() => expect(rows('line-loss-figures')).toHaveLength(2), LOAD);
    const [day1, day2] = rows('line-loss-figures');
    expect(day1!.textContent).toContain('120.500');
    expect(day1!.textContent).toContain('116.644');
    expect(day1!.textContent).toContain('3.856');
    expect(day1!.textContent).toContain('3.20 %');
    expect(day2!.textContent).toContain('no input');
    expect(screen.getByTestId('line-loss-total-row').textContent).toContain('3.20 %');
    expect(screen.getByTestId('line-loss-totals').textContent).toContain('3.856');
    // the first configuration by default, the month by day in the tenant's zone (once it is known)
    await waitFor(() => expect(lastBody(view)).toMatchObject({ from: Date.parse('2026-05-31T16:00:00Z') }), LOAD);
    expect(lastBody(view)).toEqual({
      configId: 4,
      timeLevel: 'day',
      from: Date.parse('2026-05-31T16:00:00Z'),
      to: Date.parse('2026-06-30T16:00:00Z'),
    });
    for (const id of ['line-loss-create', 'line-loss-edit-4', 'line-loss-delete-4', 'line-loss-export', 'line-loss-show-4'])
      expect(screen.queryAllByTestId(id), id).not.toHaveLength(0);
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<LineLossPage />, { permissions: ['p-circuit-line-loss'], fixtures: configFixtures, path: '/?month=2026-06' });
    await waitFor(() => expect(rows('line-loss-figures')).toHaveLength(2), LOAD);
    for (const id of ['line-loss-create', 'line-loss-edit-4', 'line-loss-delete-4', 'line-loss-export'])
      expect(screen.queryAllByTestId(id), id).toHaveLength(0);
    expect(screen.getByTestId('line-loss-show-4')).toBeTruthy();
  });

  test('by month: the months of the year of the chosen month; a configuration no longer there falls back to the first', async () => {
    const view = renderPage(<LineLossPage />, {
      permissions: ALL_CONFIG_CODES,
      fixtures: configFixtures,
      path: '/?config=99&month=2026-06&by=month',
    });
    await waitFor(() => expect(lastBody(view)).toMatchObject({ from: Date.parse('2025-12-31T16:00:00Z') }), LOAD);
    expect(lastBody(view)).toEqual({
      configId: 4,
      timeLevel: 'month',
      from: Date.parse('2025-12-31T16:00:00Z'),
      to: Date.parse('2026-12-31T16:00:00Z'),
    });
  });

  test('a new configuration: required fields refused by name; picking the parent fills its children; the body sent', async () => {
    const created = vi.fn((input: unknown) => ({ ...config, id: 5, ...(input as object) }) as ConfigRow);
    const view = renderPage(<LineLossPage />, {
      permissions: ALL_CONFIG_CODES,
      fixtures: [...configFixtures, fixture(lineLoss.lineLossCreate, (i) => created(i))],
      path: '/?month=2026-06',
    });
    await userEvent.click(await screen.findByTestId('line-loss-create', {}, LOAD));
    await userEvent.click(await screen.findByTestId('line-loss-save'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Parent circuit (input) is required')).toBeTruthy();
    expect(view.to(lineLoss.lineLossCreate)).toHaveLength(0);
    await userEvent.type(screen.getByTestId('line-loss-name'), 'Line 1');
    fireEvent.mouseDown(within(screen.getByTestId('line-loss-input')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('Incoming 1 (IN-1)'));
    await waitFor(() => expect(screen.getByTestId('line-loss-outputs').textContent).toContain('Feeder 2 (FD-2)'), LOAD);
    expect(screen.getByTestId('line-loss-outputs').textContent).not.toContain('FD-9');
    await userEvent.click(screen.getByTestId('line-loss-save'));
    await waitFor(() => expect(view.to(lineLoss.lineLossCreate)).toHaveLength(1), LOAD);
    expect(view.to(lineLoss.lineLossCreate)[0]!.body).toEqual({
      name: 'Line 1',
      kind: 'circuit',
      inputId: 1,
      outputIds: [2, 3],
      remark: null,
    });
  });
});

describe('line-loss pages in zh-CN', { timeout: 60_000 }, () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-US'));
  });
  test('the figures and the rules speak Chinese', async () => {
    await act(() => i18n.changeLanguage('zh-CN'));
    const view = renderPage(<LineLossPage />, { permissions: ALL_CONFIG_CODES, fixtures: configFixtures, path: '/?month=2026-06' });
    await waitFor(() => expect(rows('line-loss-figures')).toHaveLength(2), LOAD);
    expect(screen.getByTestId('line-loss-figures').textContent).toContain('各时段线损');
    expect(rows('line-loss-figures')[1]!.textContent).toContain('无输入');
    expect(screen.getByTestId('line-loss-total-row').textContent).toContain('合计');
    expect(screen.getByTestId('line-loss-create').textContent).toContain('新建配置');
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<LineLossAlarmPage />, {
      permissions: ['p-alarm-line-loss'],
      fixtures: [fixture(lineLoss.rulePage, pageOf([rule])), fixture(lineLoss.lineLossList, [config])],
    });
    await waitFor(() => expect(rows('line-loss-rule-list')).toHaveLength(1), LOAD);
    expect(rows('line-loss-rule-list')[0]!.textContent).toContain('连续 3 天线损率高于 4.5 %');
    expect(rows('line-loss-rule-list')[0]!.textContent).toContain('告警中');
  });
});

describe('line-loss alarm page', { timeout: 60_000 }, () => {
  const fixtures = [
    fixture(lineLoss.rulePage, pageOf([rule])),
    fixture(lineLoss.logPage, pageOf([log])),
    fixture(lineLoss.lineLossList, [config]),
    fixture(lineLoss.ruleStatus, (i) => ({ ...rule, enabled: i.enabled })),
  ];
  test('the rules with their condition and state; switching one off; the buttons the codes allow', async () => {
    const view = renderPage(<LineLossAlarmPage />, {
      permissions: [
        'p-alarm-line-loss',
        'b-alarm-line-loss-create',
        'b-alarm-line-loss-edit',
        'b-alarm-line-loss-delete',
        'b-alarm-line-loss-export',
      ],
      fixtures,
    });
    await waitFor(() => expect(rows('line-loss-rule-list')).toHaveLength(1), LOAD);
    const row = rows('line-loss-rule-list')[0]!.textContent;
    expect(row).toContain('rate above 4.5 % in 3 consecutive days');
    expect(row).toContain('Firing');
    expect(row).toContain('High');
    expect(row).toContain('2026-06-02 · 5.12 %');
    expect(screen.getByTestId('line-loss-rule-create')).toBeTruthy();
    expect(screen.getByTestId('line-loss-rule-edit-7')).toBeTruthy();
    expect(screen.getByTestId('line-loss-rule-delete-7')).toBeTruthy();
    expect(screen.getByTestId('line-loss-rule-export')).toBeTruthy();
    await userEvent.click(screen.getByTestId('line-loss-rule-status-7'));
    await waitFor(() => expect(view.to(lineLoss.ruleStatus)).toHaveLength(1), LOAD);
    expect(view.to(lineLoss.ruleStatus)[0]!.body).toEqual({ id: 7, enabled: false });
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<LineLossAlarmPage />, { permissions: ['p-alarm-line-loss'], fixtures });
    await waitFor(() => expect(rows('line-loss-rule-list')).toHaveLength(1), LOAD);
    expect(screen.queryByTestId('line-loss-rule-create')).toBeNull();
    expect(screen.queryByTestId('line-loss-rule-edit-7')).toBeNull();
    expect(screen.queryByTestId('line-loss-rule-status-7')).toBeNull();
    expect(screen.queryByTestId('line-loss-rule-delete-7')).toBeNull();
    expect(screen.queryByTestId('line-loss-rule-export')).toBeNull();
    expect(rows('line-loss-rule-list')[0]!.textContent).toContain('Enabled');
  });

  test('a rule threshold out of range or with 5 decimals is refused by name before any call', async () => {
    const view = renderPage(<LineLossAlarmPage />, { permissions: ['p-alarm-line-loss', 'b-alarm-line-loss-create'], fixtures });
    await userEvent.click(await screen.findByTestId('line-loss-rule-create', {}, LOAD));
    const threshold = await screen.findByTestId('line-loss-rule-threshold');
    await userEvent.type(threshold, '100');
    await userEvent.click(screen.getByTestId('line-loss-rule-save'));
    expect(await screen.findByText('Threshold (%) must be above 0 and below 100')).toBeTruthy();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '4.12345');
    await userEvent.click(screen.getByTestId('line-loss-rule-save'));
    expect(await screen.findByText('Threshold (%) has at most 4 decimals')).toBeTruthy();
    expect(view.to(lineLoss.ruleCreate)).toHaveLength(0);
  });

  test('deleting a rule asks first, then calls the delete', async () => {
    const view = renderPage(<LineLossAlarmPage />, {
      permissions: ['p-alarm-line-loss', 'b-alarm-line-loss-delete'],
      fixtures: [...fixtures, fixture(lineLoss.ruleDelete, { id: 7 })],
    });
    await userEvent.click(await screen.findByTestId('line-loss-rule-delete-7', {}, LOAD));
    expect(
      await screen.findAllByText('Delete the rule Line 1 above 4.5 %? A firing alarm of it recovers; its logs stay.'),
    ).not.toHaveLength(0);
    expect(view.to(lineLoss.ruleDelete)).toHaveLength(0);
    await userEvent.click(screen.getByTestId('line-loss-rule-delete-confirm'));
    await waitFor(() => expect(view.to(lineLoss.ruleDelete)).toHaveLength(1), LOAD);
    expect(view.to(lineLoss.ruleDelete)[0]!.body).toEqual({ id: 7 });
  });

  test('the logs: what each rule did, the periods it looked at; the export with its code', async () => {
    const view = renderPage(<LineLossAlarmPage />, {
      permissions: ['p-alarm-line-loss', 'b-alarm-line-loss-export'],
      fixtures,
      path: '/?tab=logs',
    });
    await waitFor(() => expect(rows('line-loss-log-list')).toHaveLength(1), LOAD);
    const row = rows('line-loss-log-list')[0]!.textContent;
    expect(row).toContain('Raised');
    expect(row).toContain('5.12 %');
    expect(row).toContain('2026-06-01 5.00 %, 2026-06-02 5.12 %');
    expect(row).toContain('4.5 %');
    expect(screen.getByTestId('line-loss-log-export')).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks();
    renderPage(<LineLossAlarmPage />, { permissions: ['p-alarm-line-loss'], fixtures, path: '/?tab=logs' });
    await waitFor(() => expect(rows('line-loss-log-list')).toHaveLength(1), LOAD);
    expect(screen.queryByTestId('line-loss-log-export')).toBeNull();
  });
});
