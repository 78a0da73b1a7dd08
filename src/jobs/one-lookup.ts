// Moved down to core/one-lookup.ts (shared with sign's outgoing fetches).
export { lookupAll, oneLookupAtATime } from '../core/one-lookup.js';
