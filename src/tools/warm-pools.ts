// Warm tool instances (LibreOffice, Chromium) belong to one service, known by
// its DATA_DIR: made on first use, stopped on shutdown. One registry for both
// kinds, so they cannot drift apart.
import type { Config } from '../config.js';

/** What a warm pool offers its registry. */
export interface WarmPool {
  stop(): Promise<void>;
}

/** A registry of one kind of pool: `get` makes it on first use, `stop` ends it if it was ever made. */
export function warmPools<P extends WarmPool>(
  make: (config: Config) => P,
): { get: (config: Config) => P; stop: (config: Config) => Promise<void> } {
  const pools = new Map<string, P>();
  return {
    get: (config) => {
      let pool = pools.get(config.DATA_DIR);
      if (!pool) {
        pool = make(config);
        pools.set(config.DATA_DIR, pool);
      }
      return pool;
    },
    stop: async (config) => {
      const pool = pools.get(config.DATA_DIR);
      if (!pool) return;
      pools.delete(config.DATA_DIR);
      await pool.stop();
    },
  };
}
