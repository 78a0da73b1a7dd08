// The address rules moved down to core/public-address.ts, so that sign's
// outgoing fetches (time-stamp authority, OCSP, CRL) share them.
export { embeddedIPv4, isForbiddenAddress, isLoopbackAddress } from '../core/public-address.js';
