import { describe, expect, it } from 'vitest';
import { NEW_STATION, toDraftBody, toFormValues } from './station-form';

describe('the station wizard form', () => {
  const filled = {
    ...NEW_STATION,
    code: ' SZ-01-BSA-09 ',
    name: 'Suzhou storage 2',
    ouId: 3,
    ratedPowerKw: 500,
    capacityKwh: 1000,
    pcs: [11, 12],
    stackCode: 'ST-01',
    stackName: 'Stack 1',
    stackPcs: 11,
    gridMeter: 21,
    upperMeter: 22,
    upperKva: 1000,
    fcs: 31,
    demandPrice: 40,
    effectiveFrom: '2026-01-01',
  };

  it('sends every step filled so far, trimmed, with the step to resume at', () => {
    const body = toDraftBody(filled, 'fcs', 7);
    expect(body).toMatchObject({
      id: 7,
      step: 'fcs',
      basic: { code: 'SZ-01-BSA-09', name: 'Suzhou storage 2', ouId: 3, ratedPowerKw: 500, capacityKwh: 1000, strategyVersion: 6 },
      pcs: [{ deviceId: 11 }, { deviceId: 12 }],
      stack: { code: 'ST-01', name: 'Stack 1', pcsDeviceId: 11 },
      meters: [
        { deviceId: 21, role: 'grid' },
        { deviceId: 22, role: 'upper', transformerCapacityKva: 1000 },
      ],
      fcs: { deviceId: 31 },
      costInfo: { currency: 'CNY', demandPricePerKwMonth: 40, effectiveFrom: '2026-01-01' },
    });
  });

  it('leaves out the steps not filled yet, and reads a saved draft back into the same fields', () => {
    const early = toDraftBody({ code: 'A', name: 'B', ouId: 1, ratedPowerKw: 1, capacityKwh: 2, strategyVersion: 1 }, 'pcs');
    expect(early).toMatchObject({ step: 'pcs', pcs: [], stack: null, meters: [], fcs: null, costInfo: null });
    expect('id' in early).toBe(false);
    const body = toDraftBody(filled, 'costInfo', 7);
    const back = toFormValues({
      basic: body.basic,
      pcs: body.pcs,
      stack: body.stack,
      meters: body.meters,
      fcs: body.fcs,
      costInfo: body.costInfo,
    });
    expect(back).toMatchObject({ ...filled, code: 'SZ-01-BSA-09' });
  });
});
