/**
 * The query keys of the shell's data (current-staff.ts), on their own so the entry (app.tsx reads the
 * cached current user for error reports) can name them without the contracts' refs.
 */
export const shellKeys = {
  current: ['shell', 'current'] as const,
  profile: ['shell', 'profile'] as const,
  staffList: ['shell', 'staff-list'] as const,
  permissions: ['shell', 'permissions'] as const,
  integrated: ['shell', 'integrated'] as const,
  navigation: ['shell', 'navigation'] as const,
};
