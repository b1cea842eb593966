/** The platform settings form: what the detail call gives and the update call takes. */
export interface PlatformValues {
  platformName: string;
  /** What the header shows: platform name 1, navigation name 2, both 3. */
  platformTitleType: 1 | 2 | 3;
  platformSloganName: string;
  iconKey: string | null;
}

export const TITLE_TYPES = [1, 2, 3] as const;

/** The form's values from the saved settings. */
export const toPlatformValues = (s: PlatformValues): PlatformValues => ({
  platformName: s.platformName,
  platformTitleType: s.platformTitleType,
  platformSloganName: s.platformSloganName,
  iconKey: s.iconKey,
});

/** The update call's body: trimmed texts, no icon as null. */
export const toPlatformBody = (v: PlatformValues): PlatformValues => ({
  platformName: (v.platformName ?? '').trim(),
  platformTitleType: v.platformTitleType,
  platformSloganName: (v.platformSloganName ?? '').trim(),
  iconKey: v.iconKey ?? null,
});

/** Whether the form holds something other than the saved settings (what would be stored, so spaces alone do not count). */
export function platformChanged(form: Partial<PlatformValues> | undefined, saved: PlatformValues | undefined): boolean {
  if (!form || !saved) return false;
  const a = toPlatformBody({ ...saved, ...form });
  const b = toPlatformBody(saved);
  return (Object.keys(b) as (keyof PlatformValues)[]).some((k) => a[k] !== b[k]);
}
