import { crudContract } from '../common/crud.js';
import { jobRow } from '../jobs/index.js';
import { deviceCreate, devicePage, deviceRow, deviceUpdate } from './registry.js';

// Excel in and out of the device list (issue 14), declared with the CRUD generator: the page's filters
// plus `format` and `lang` for the export, a multipart `file` for the import (answers a job), a template.

const { pageSize: _size, pageOffset: _offset, ...deviceFilter } = devicePage.body!.shape;

/** A row of an import is checked with the create call's schema once its names are resolved to ids. */
export const deviceImportRow = deviceCreate.body!;

const excel = crudContract({
  tag: 'device',
  base: '/api/v2/device',
  row: deviceRow,
  filter: deviceFilter,
  create: deviceCreate.body!,
  update: deviceUpdate.body!,
  importResult: jobRow,
  permissions: { import: 'b-device-import', export: 'b-device-export', template: 'b-device-import' },
  only: ['import', 'export', 'template'],
});

/** The filtered device list as XLSX (default) or CSV (`format=csv`), headers and labels in `lang`. */
export const deviceExport = excel.export;
/** Imports devices from an XLSX or CSV file (multipart field `file`): all rows or none; answers the job. */
export const deviceImport = excel.import;
/** The import template: headers, an example row, drop-down lists of device types, OUs and gateways. */
export const deviceTemplate = excel.template;
