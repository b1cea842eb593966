import { screen, waitFor, within } from '@testing-library/react';
import { charging } from '@energy/contracts/refs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fixture, renderPage } from '../../../test/render-page';
import { chargingModule } from '../charging.module';
import ChargingHomeCard from './charging-home-card';

afterEach(() => vi.restoreAllMocks());

describe('the charging card of the home page', () => {
  test("shows the staff's stations, piles online, the last 30 days and the guns by status, charging first", async () => {
    const view = renderPage(<ChargingHomeCard />, {
      permissions: ['p-charging-pile'],
      fixtures: [
        fixture(charging.dashboardCharging, {
          stations: 2,
          piles: 14,
          pilesOnline: 13,
          guns: { Available: 20, Faulted: 1, Charging: 7 },
          sessions30d: 2800,
          energyWh30d: 81_234_567,
          revenue30d: 98765.43,
          currency: 'CNY',
        }),
      ],
    });
    const card = await screen.findByTestId('charging-home-card');
    await waitFor(() => expect(card.textContent).toContain('81,234.6kWh'));
    expect(card.textContent).toContain('EV charging');
    expect(card.textContent).toContain('13/ 14');
    expect(card.textContent).toContain('2,800');
    expect(card.textContent).toContain('98,765.43CNY');
    expect(within(card).getByTestId('charging-home-guns').textContent).toBe('Charging 7Available 20Faulted 1');
    expect(view.calls.some((c) => c.url.endsWith('/api/v2/portal/dashboard/charging'))).toBe(true);
  });

  test('is offered on the home page to staff who may open the piles', () => {
    expect(chargingModule.homeCards?.map((c) => [c.key, c.permission])).toEqual([['charging', 'p-charging-pile']]);
  });
});
