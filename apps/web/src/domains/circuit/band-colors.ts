import type { GlobalToken } from 'antd';
import type { BandKind } from './kinds';

/** A band kind's colour from the antd theme (light and dark): sharp red, peak orange, flat blue, valley green, deep valley cyan. */
export function bandColor(token: GlobalToken, kind: BandKind): string {
  switch (kind) {
    case 'sharp':
      return token.colorError;
    case 'peak':
      return token.colorWarning;
    case 'flat':
      return token.colorPrimary;
    case 'valley':
      return token.colorSuccess;
    case 'deepValley':
      return token.cyan;
  }
}
