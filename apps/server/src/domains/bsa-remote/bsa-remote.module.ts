import type { Db } from '../../db/client.js';
import type { AccountService } from '../account/account.service.js';
import type { BsaService } from '../bsa/bsa.service.js';
import { domainModule } from '../types.js';
import { BsaRemoteCatalogueService } from './bsa-remote-catalogue.service.js';
import { BsaRemoteDelivery } from './bsa-remote-delivery.js';
import { bsaRemoteRoutes } from './bsa-remote.routes.js';
import { BsaRemoteService } from './bsa-remote.service.js';

/**
 * Remote control of storage stations (docs/bsa.md, "Remote control"): the command catalogue, sending a
 * command to a station's PCS or FCS over the ingest's broker (`bsaRemoteDelivery`, an ingest listener),
 * the command and operation logs.
 */
export const bsaRemoteModule = domainModule({
  services: ({ db, bsa, account, answerTimeoutMs }: { db: Db; bsa: BsaService; account: AccountService; answerTimeoutMs: number }) => {
    const bsaRemoteDelivery = new BsaRemoteDelivery(db, answerTimeoutMs);
    const bsaRemoteCatalogue = new BsaRemoteCatalogueService();
    return {
      bsaRemoteDelivery,
      bsaRemoteCatalogue,
      bsaRemote: new BsaRemoteService(bsa, account, bsaRemoteCatalogue, bsaRemoteDelivery),
    };
  },
  routes: bsaRemoteRoutes,
});
