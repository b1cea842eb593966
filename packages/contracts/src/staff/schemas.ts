import { z } from 'zod';

export const StaffStatus = { ENABLE: 0, DISABLE: 1, FREEZE: 2 } as const;
export const staffStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const PlatformTitleType = { PLATFORM_NAME: 1, NAVIGATION_NAME: 2, BOTH: 3 } as const;
export const NavigationPreference = { AUTO: 1, OPEN: 2, HIDE: 3 } as const;
export const navigationPreference = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const SideType = { TENANT: 1, CHANNEL: 2 } as const;

/** One of the signed-in user's staff accounts (spec 000 section 3). */
export const staffListEntry = z.object({
  id: z.number().int(),
  staffCode: z.string(),
  customerMcid: z.string(),
  customerName: z.string(),
  tenantMcid: z.string(),
  tenantName: z.string(),
  status: staffStatus,
  roleName: z.string().nullable(),
});

/** The signed-in person's own profile (no staff needed). */
export const customerUserProfile = z.object({
  muid: z.string(),
  username: z.string(),
  name: z.string(),
  headPic: z.string().nullable(),
  headPicUrl: z.string().nullable(),
  gender: z.union([z.literal(0), z.literal(1)]).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  navigationPreference: navigationPreference,
  hasOperationPassword: z.boolean(),
  /** A platform administrator: the web opens the platform console (docs/platform-console.md). */
  platformAdmin: z.boolean(),
  /** Signed in with a one-time password: staff calls answer 412 41203 until it is changed. */
  passwordChangeRequired: z.boolean(),
});

/** The current user context: customer, customer user, staff (with platform settings), tenant. */
export const currentUser = z.object({
  customer: z.object({ mcid: z.string(), name: z.string(), logoUrl: z.string().nullable() }),
  customerUser: customerUserProfile,
  staff: z.object({
    id: z.number().int(),
    staffCode: z.string(),
    status: staffStatus,
    iconUrl: z.string().nullable(),
    platformName: z.string(),
    platformTitleType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    platformSloganName: z.string(),
    roleId: z.number().int().nullable(),
    roleName: z.string().nullable(),
    sideType: z.union([z.literal(1), z.literal(2)]),
  }),
  tenant: z.object({ mcid: z.string(), name: z.string(), timeZone: z.string() }),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const staffCheckResult = z.object({ id: z.number().int(), status: staffStatus, switchable: z.literal(true) });
export const staffSwitchResult = z.object({ staffId: z.number().int(), tenantMcid: z.string() });

/** The staff's landing navigation (spec 000: moduleOrigin, path). */
export const navigationConfig = z.object({
  moduleOrigin: z.string(),
  moduleOriginId: z.number().int(),
  path: z.string(),
});
