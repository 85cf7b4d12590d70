import type { Db } from '../storage/db.js';
import { Meta } from '../storage/meta.js';
import { CommonStorage } from './common/storage.js';
import { FungibleStorage } from './fungible/storage.js';
import { NonfungibleStorage } from './nonfungible/storage.js';
import { RefungibleStorage } from './refungible/storage.js';
import { SponsoringStorage } from './sponsoringStorage.js';
import { SystemStorage } from './system/storage.js';

/** Every pallet's storage over one database, with its statements prepared once. */
export class RuntimeStorage {
  readonly meta: Meta;
  readonly system: SystemStorage;
  readonly common: CommonStorage;
  readonly nonfungible: NonfungibleStorage;
  readonly fungible: FungibleStorage;
  readonly refungible: RefungibleStorage;
  readonly sponsoring: SponsoringStorage;
  constructor(readonly db: Db) {
    this.meta = new Meta(db);
    this.system = new SystemStorage(db);
    this.common = new CommonStorage(db);
    this.nonfungible = new NonfungibleStorage(db);
    this.fungible = new FungibleStorage(db);
    this.refungible = new RefungibleStorage(db);
    this.sponsoring = new SponsoringStorage(db);
  }
}
