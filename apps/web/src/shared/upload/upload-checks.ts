import { i18n } from '../i18n';

/** Spec 000 sections 5 and 9: default 1 MB, .jpg/.jpeg/.png, optional exact dimensions. */
export interface UploadRules {
  maxSizeMb?: number;
  accept?: string;
  width?: number;
  height?: number;
}

export const DEFAULT_UPLOAD_RULES = { maxSizeMb: 1, accept: '.jpg,.jpeg,.png' } as const;

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
  const accept = (rules.accept ?? DEFAULT_UPLOAD_RULES.accept).split(',').map((e) => e.trim().toLowerCase());
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.')).toLowerCase() : '';
  if (!accept.includes(ext)) return i18n.t('upload.wrongType');
  if (file.size / 1024 / 1024 > maxSizeMb) return i18n.t('upload.tooLarge', { n: maxSizeMb });
  if (rules.width !== undefined && rules.height !== undefined) {
    const size = await imageSize(file);
    if (!size || size.width !== rules.width || size.height !== rules.height)
      return i18n.t('upload.wrongSize', { width: rules.width, height: rules.height });
  }
  return null;
}
