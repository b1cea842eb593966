import { customer, device } from '@energy/contracts/refs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixture, renderPage } from '../../test/render-page';
import { WorkingTenantSwitcher } from './working-tenant';

const own = { mcid: 'g1', name: 'GridCare Services' };
const linked = [
  { mcid: 'h1', name: 'Harbor Logistics' },
  { mcid: 's1', name: 'Sunrise Manufacturing' },
];

describe('the working-tenant switcher of channel staff', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers all linked tenants, each one and its own; choosing one sets it on the session', async () => {
    let working: string | null = null;
    const view = renderPage(<WorkingTenantSwitcher />, {
      permissions: [],
      fixtures: [
        fixture(customer.channelWorkingTenant, () => ({ workingTenantId: working, own, linked })),
        fixture(customer.channelWorkingTenantSet, (input) => {
          working = input.tenantId;
          return { workingTenantId: working, own, linked };
        }),
        fixture(device.devicePage, { list: [], totalCount: 0, pageSize: 20, pageOffset: 1 }),
      ],
    });
    const select = await screen.findByTestId('working-tenant');
    expect(select.textContent).toContain('All linked tenants');
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select.querySelector('input')!);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All linked tenants',
      'Harbor Logistics',
      'Sunrise Manufacturing',
      'GridCare Services (own)',
    ]);
    fireEvent.click(screen.getAllByText('Sunrise Manufacturing').at(-1)!);
    await waitFor(() => expect(view.to(customer.channelWorkingTenantSet)).toHaveLength(1));
    expect(view.to(customer.channelWorkingTenantSet)[0]!.body).toEqual({ tenantId: 's1' });
    await waitFor(() => expect(screen.getByTestId('working-tenant').textContent).toContain('Sunrise Manufacturing'));
  });

  it('says so when the chosen tenant is no longer linked', async () => {
    renderPage(<WorkingTenantSwitcher />, {
      permissions: [],
      fixtures: [fixture(customer.channelWorkingTenant, { workingTenantId: 'gone', own, linked })],
    });
    await waitFor(() => expect(screen.getByTestId('working-tenant').textContent).toContain('No longer linked'));
  });
});
