import { FILE_LIMITS } from '@energy/contracts/file-limits';
import { files } from '@energy/contracts/refs';
import { i18n } from '../i18n';

/** Spec 000 sections 5 and 9: default 1 MB, .jpg/.jpeg/.png, optional exact dimensions. */
export interface UploadRules {
  maxSizeMb?: number;
  accept?: string;
  width?: number;
  height?: number;
}

export const DEFAULT_UPLOAD_RULES = { maxSizeMb: 1, accept: '.jpg,.jpeg,.png', maxCount: 1 } as const;

/** The accepted list as lower-case entries: extensions with their dot ('jpg' becomes '.jpg'), or MIME types ('image/*'). */
export function acceptList(accept: string = DEFAULT_UPLOAD_RULES.accept): string[] {
  return accept
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
    .map((e) => (e.includes('/') || e.startsWith('.') ? e : `.${e}`));
}

/** The extension of a file name, lower case with its dot, or '' when it has none. */
export function extensionOf(name: string): string {
  return name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
}

function accepted(file: File, accept: string[]): boolean {
  const ext = extensionOf(file.name);
  const type = file.type.toLowerCase();
  return accept.some((entry) =>
    entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : entry.includes('/') ? type === entry : ext === entry,
  );
}

/** The images group of the file center, as accepted-list entries ('.jpg', ...). */
export const IMAGE_EXTENSIONS: readonly string[] = FILE_LIMITS.groups.images.map((e) => `.${e}`);

/** Whether a file name belongs to the images group of the file center (its preview is the file itself). */
export const isImageName = (name: string) => IMAGE_EXTENSIONS.includes(extensionOf(name));

/** Whether every entry of an accepted list is an image, so a stored key can be shown as a picture. */
export const acceptsOnlyImages = (accept?: string) =>
  acceptList(accept).every((e) => e.startsWith('image/') || IMAGE_EXTENSIONS.includes(e));

/** The file center's download URL of a key (works as an <img> source: the session cookie is enough). */
export const fileGetUrl = (key: string) => `${files.fileGet.path}?key=${encodeURIComponent(key)}`;

function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** Returns the message that refuses the file, or null when it may be uploaded. */
export async function checkUpload(file: File, rules: UploadRules = {}): Promise<string | null> {
  const maxSizeMb = rules.maxSizeMb ?? DEFAULT_UPLOAD_RULES.maxSizeMb;
  if (!accepted(file, acceptList(rules.accept))) return i18n.t('upload.wrongType');
  if (file.size / 1024 / 1024 > maxSizeMb) return i18n.t('upload.tooLarge', { n: maxSizeMb });
  if (rules.width !== undefined && rules.height !== undefined) {
    const size = await imageSize(file);
    if (!size || size.width !== rules.width || size.height !== rules.height)
      return i18n.t('upload.wrongSize', { width: rules.width, height: rules.height });
  }
  return null;
}
