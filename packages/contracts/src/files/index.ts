import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { fileKey } from '../common/ids.js';

const tag = 'files';

export { FILE_LIMITS } from './limits.js';

export const uploadedFile = z.object({
  key: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  url: z.string(),
});

const upload = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    summary: 'Upload a file (multipart field `file`)',
    tag,
    access: { auth: 'staff' },
    kind: 'command',
    cost: 'upload',
    bodyKind: 'multipart',
    output: uploadedFile,
  });

export const fileUpload = upload('/api/v2/file-center/upload');
export const fileUploadLegacy = upload('/api/file-center/upload');

/** Streams a file back to staff of the tenant that uploaded it. Works with the session cookie alone. */
export const fileGet = endpoint({
  method: 'GET',
  path: '/api/v2/file-center/get',
  summary: 'Download a file',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  query: z.object({ key: fileKey }),
  output: z.any(),
  raw: true,
  cookieOnly: true,
});

/** The keys of the tenant's default assets (platform icon, head picture). */
export const fileDefaultKey = endpoint({
  method: 'GET',
  path: '/api/v2/file-center/defaultKey',
  summary: 'Default asset keys',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  output: z.object({ platformIcon: z.string().nullable(), headPic: z.string().nullable() }),
});
