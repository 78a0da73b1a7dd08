// Opens the store the configuration names: PostgreSQL when DATABASE_URL is
// set (several hosts), else SQLite under DATA_DIR (the embedded default).
import type { Config } from '../config.js';
import { loadDataKey } from '../core/sealing.js';
import { PgStore } from './postgres.js';
import { sealSecret } from './secrets.js';
import { SqliteStore } from './sqlite.js';
import type { Store } from './types.js';

export type { Store } from './types.js';

/** A store with the data key that seals what it keeps secret. */
export interface OpenedStore {
  store: Store;
  dataKey: Buffer;
}

/** Opens (and migrates) the configured store; webhook secrets still in clear are sealed on the way. */
export async function openStore(config: Config, options: { poolSize?: number } = {}): Promise<OpenedStore> {
  const dataKey = loadDataKey(config.DATA_KEY, config.DATA_DIR, config.DATA_KEY_FILE);
  const url = config.DATABASE_URL;
  if (url && !/^postgres(ql)?:\/\//.test(url))
    throw new Error('invalid configuration: DATABASE_URL: must start with postgres:// or postgresql://');
  const store = url ? await PgStore.open(url, options.poolSize) : new SqliteStore(config.DATA_DIR);
  for (const row of await store.plainWebhookSecrets())
    await store.replaceWebhookSecret(row.id, row.webhook_secret, sealSecret(dataKey, row.webhook_secret));
  return { store, dataKey };
}
