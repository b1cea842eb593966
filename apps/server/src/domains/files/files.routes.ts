import { files } from '@energy/contracts';
import type { DomainRoutes } from '../types.js';
import type { FilesService } from './files.service.js';

export const filesRoutes: DomainRoutes<{ files: FilesService }> = (route, { files: service }) => {
  route(files.fileUpload, (ctx, _input, { req }) => service.upload(ctx, req));
  route(files.fileUploadLegacy, (ctx, _input, { req }) => service.upload(ctx, req));
  route(files.fileGet, (ctx, input, { reply }) => service.get(ctx, input.key, reply));
  route(files.fileDefaultKey, (ctx) => service.defaultKeys(ctx));
};
