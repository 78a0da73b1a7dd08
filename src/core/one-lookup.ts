// Host-name lookups one at a time. getaddrinfo runs on libuv's thread pool,
// the same threads that do every file operation of every request, and there
// are only as many as the host has cores (2 to 4, bin/pdf-service). A resolver
// that does not answer holds a thread for its whole timeout (5 s per try by
// default), so a few callback URLs on such a domain would stall every upload
// and download of the server; queued here, they hold one thread at most.
import dns from 'node:dns';

let last: Promise<unknown> = Promise.resolve();

/** Runs `lookup` after the lookups queued before it have ended (succeeded or failed). */
export function oneLookupAtATime<T>(lookup: () => Promise<T>): Promise<T> {
  const result = last.then(lookup, lookup);
  last = result.catch(() => undefined);
  return result;
}

/** dns.lookup with all addresses, queued behind the other lookups. */
export function lookupAll(hostname: string, options: dns.LookupOptions = {}): Promise<dns.LookupAddress[]> {
  return oneLookupAtATime(() => dns.promises.lookup(hostname, { ...options, all: true }));
}
