import type { circuit } from '@energy/contracts/refs';
import type { RefOutput } from '@energy/contracts/refs-types';

/** The band kinds, dearest first (no runtime import: node tests use it without the API client). */
export type BandKind = RefOutput<typeof circuit.accountList>[number]['prices'][number]['seasons'][number]['bands'][number]['kind'];
export const BAND_KINDS: BandKind[] = ['sharp', 'peak', 'flat', 'valley', 'deepValley'];
