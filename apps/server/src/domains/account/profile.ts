import type { InferSelectModel } from 'drizzle-orm';
import type { customerUser } from '../auth/auth.schema.js';
import { fileUrl } from '../files/file-url.js';

/** A customer user row as the profile the shell shows (current user context and the settings pages). */
export function profileOf(u: InferSelectModel<typeof customerUser>) {
  return {
    muid: u.muid,
    username: u.username,
    name: u.name,
    headPic: u.headPic,
    headPicUrl: fileUrl(u.headPic),
    gender: u.gender === 0 || u.gender === 1 ? (u.gender as 0 | 1) : null,
    phone: u.phone,
    email: u.email,
    navigationPreference: (u.navigationPreference === 2 || u.navigationPreference === 3 ? u.navigationPreference : 1) as 1 | 2 | 3,
    hasOperationPassword: u.operationPasswordHash != null,
    platformAdmin: u.platformAdmin,
    passwordChangeRequired: u.passwordChangeRequired,
  };
}
