import { z } from 'zod';
import { endpoint, noBody } from '../common/endpoint.js';
import { id } from '../common/ids.js';

const tag = 'integration';

export const integratedApp = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  origin: z.string().nullable(),
  pathPrefix: z.string(),
});

/** The integrated apps of the platform, with whether the current staff has any permission in each. */
export const integratedAppList = endpoint({
  method: 'POST',
  path: '/api/v2/integrated-app/list',
  summary: 'Integrated apps',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ name: z.string().trim().max(64).optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(integratedApp.extend({ permitted: z.boolean() })),
});

/** The current staff's permission codes in one integrated app, or in all of them. */
export const integratedAppPermission = endpoint({
  method: 'POST',
  path: '/api/v2/integrated-app/permission',
  summary: 'My integrated-app permissions',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ integratedAppId: id.optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(z.object({ integratedAppId: z.number().int(), codes: z.array(z.string()) })),
});

/** The tenant's map settings for GIS views. */
export const gisConfig = endpoint({
  method: 'POST',
  path: '/api/v2/gis/config',
  summary: 'GIS map settings',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: noBody,
  output: z.object({
    center: z.tuple([z.number(), z.number()]),
    zoom: z.number(),
    mapStyle: z.string(),
    districtAdcode: z.string().nullable(),
  }),
});

/** FCS edge-controller software versions released on the platform, newest first. */
export const fcsSoftwareVersionList = endpoint({
  method: 'POST',
  path: '/api/v2/fcs-version/list_software_version',
  summary: 'FCS software versions',
  tag,
  access: { auth: 'staff' },
  kind: 'query',
  body: z.object({ hardwareVersion: z.string().trim().max(32).optional(), timestamp: z.number().optional() }).optional(),
  output: z.array(
    z.object({
      id: z.number().int(),
      softwareVersion: z.string(),
      hardwareVersions: z.array(z.string()),
      releasedAt: z.string(),
      notes: z.string(),
    }),
  ),
});
