import { describe, expect, it } from 'vitest';
import { stateColor, stateLabel, stateName } from './state-label';

describe('state labels', () => {
  const name = 'Operating state (0 standby, 1 charging, 2 discharging, 3 fault)';
  it('reads the meaning of a code from the property name', () => {
    expect(stateLabel(name, 1)).toBe('charging');
    expect(stateLabel(name, 3)).toBe('fault');
    expect(stateLabel(name, 7)).toBeNull();
    expect(stateLabel('Door state', 1)).toBeNull();
    expect(stateName(name)).toBe('Operating state');
    expect(stateName('AC voltage (phase A)')).toBe('AC voltage (phase A)');
  });
  it('colours faults red and idle plain', () => {
    expect(stateColor('fault', 3)).toBe('error');
    expect(stateColor('standby', 0)).toBe('default');
    expect(stateColor('running', 1)).toBe('processing');
  });
});
