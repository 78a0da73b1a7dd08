import { z } from 'zod';
import { verifyPdf } from '../operations/verify.js';
import { defineOperation } from './definition.js';

/** POST /v1/pdf/verify. */
export const verifyRoute = defineOperation({
  name: 'verify',
  summary: 'Verify digital signatures',
  description:
    'JSON `{"signatures":[{"signer","signed_at","valid","covers_whole_document","reason"}]}`, one entry per signature in field order (an empty ' +
    'list for an unsigned file). `valid`: the signature is cryptographically correct over the bytes it signs (poppler pdfsig with NSS); ' +
    '`covers_whole_document`: those bytes are the whole file (false once anything was appended after signing, e.g. a later incremental ' +
    "update or a second signature); `signer`: the certificate's common name; `signed_at`: the signature's /M time (ISO 8601, UTC); " +
    '`modifications`: what was appended after the signed bytes — `none`, `allowed` (a DSS, document time-stamps, further signatures) or `other`. ' +
    '`type` (`signature`|`document_timestamp`), `level` (`b-b`|`b-t`|`b-lt`|`b-lta`), `timestamp` ({time, authority, valid} or null), `revocation` ' +
    '({status: good|revoked|unknown, source: dss|ocsp|crl|null, error}: the DSS first, then online when SIGN_VERIFY_ONLINE; `error` says why a due ' +
    'online check gave no status — source failed, none named, or the per-request limit reached — and header `X-Revocation-Unchecked` counts ' +
    'such signatures), `chain` ([{subject, issuer, ' +
    "not_before, not_after}]) and `trusted` (the chain reaches SIGN_TRUST_STORE, else the system's CAs) as in API.md §5i. " +
    'A file that needs a user password cannot be verified (pdfsig takes passwords only ' +
    'on its command line, which this service never uses for secrets) and is refused with 422.',
  files: [{ field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The signed PDF.' }],
  options: z.strictObject({}),
  produces: ['application/json'],
  timeout: 'OPERATION_TIMEOUT',
  run: verifyPdf,
});
