import { describe, expect, it } from 'vitest';
import { platformChanged, toPlatformBody, toPlatformValues, type PlatformValues } from './platform-form';

const saved: PlatformValues = {
  platformName: 'Sunrise Energy',
  platformTitleType: 1,
  platformSloganName: 'Power for plants',
  iconKey: null,
};

describe('platform settings form', () => {
  it('takes the saved settings, without the icon URL', () => {
    expect(toPlatformValues({ ...saved, iconUrl: '/x' } as PlatformValues)).toEqual(saved);
  });

  it('sends trimmed texts and no icon as null', () => {
    expect(toPlatformBody({ ...saved, platformName: '  Sunrise  ', platformSloganName: ' ' })).toEqual({
      platformName: 'Sunrise',
      platformTitleType: 1,
      platformSloganName: '',
      iconKey: null,
    });
  });

  it('is changed only by what would be stored', () => {
    expect(platformChanged(undefined, saved)).toBe(false);
    expect(platformChanged(saved, undefined)).toBe(false);
    expect(platformChanged({ ...saved }, saved)).toBe(false);
    expect(platformChanged({ ...saved, platformName: 'Sunrise Energy ' }, saved)).toBe(false);
    expect(platformChanged({ ...saved, platformTitleType: 3 }, saved)).toBe(true);
    expect(platformChanged({ ...saved, iconKey: 'abcdefgh12' }, saved)).toBe(true);
    expect(platformChanged({ ...saved, platformSloganName: '' }, saved)).toBe(true);
  });
});
