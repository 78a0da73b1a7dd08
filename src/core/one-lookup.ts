// Host-name lookups one at a time. getaddrinfo runs on libuv's thread pool,
// the same threads that do every file operation of every request, and there
// are only as many as the host has cores (2 to 4, bin/pdf-service). A resolver
// that does not answer holds a thread for its whole timeout (5 s per try by
// default), so a few callback URLs on such a domain would stall every upload
// and download of the server; queued here, they hold one thread at most.
import dns from 'node:dns';
import net from 'node:net';

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

/** The error code of a connection the address rules refused (core/address-rules.ts). */
export const ADDRESS_REFUSED = 'EADDRFORBIDDEN';

/**
 * The one checked lookup of every outgoing connection (remote inputs, result delivery, webhooks,
 * sign's TSA, OCSP and CRL fetches): every address the name resolves to must pass `allows`, and
 * the socket dials one of those very addresses, so a name that resolves to a forbidden address,
 * or resolves differently a second time (DNS rebinding), is refused with ADDRESS_REFUSED.
 */
export function checkedLookup(allows: (address: string) => boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    lookupAll(hostname, options).then(
      (list) => {
        const refused = list.find((a) => !allows(a.address));
        if (refused || list.length === 0) {
          const error = Object.assign(new Error(`refused to connect to ${refused?.address ?? hostname}`), {
            code: ADDRESS_REFUSED,
          });
          return callback(error, '', 0);
        }
        if ((options as { all?: boolean }).all)
          (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        else callback(null, list[0].address, list[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** The host of `url` without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** False when `url`'s host is an IP literal `allows` refuses: Node connects to a literal without any lookup. */
export function literalAllowed(url: URL, allows: (address: string) => boolean): boolean {
  const host = hostOf(url);
  return !net.isIP(host) || allows(host);
}

/** Every address `url`'s host stands for (itself when it is a literal); throws when the name does not resolve. For checks at submission: the connection checks again what it dials. */
export async function addressesOf(url: URL): Promise<string[]> {
  const host = hostOf(url);
  return net.isIP(host) ? [host] : (await lookupAll(host, { verbatim: true })).map((a) => a.address);
}
