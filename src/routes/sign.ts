import { z } from 'zod';
import { InvalidRequestError } from '../core/errors.js';
import { signPdf } from '../operations/sign.js';
import { defineOperation } from './definition.js';
import { boolField, intField, passwordField } from './fields.js';

/** One line of text for the signature dictionary. */
const lineField = (description: string) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(500, 'must be at most 500 characters')
    .refine((t) => !/\p{Cc}/u.test(t), 'must be one line without control characters')
    .describe(description)
    .optional();

const rectField = z
  .string()
  .regex(
    /^\s*\d+(\.\d+)?\s*,\s*\d+(\.\d+)?\s*,\s*\d+(\.\d+)?\s*,\s*\d+(\.\d+)?\s*$/,
    'must be "x,y,w,h" in pt (numbers ≥ 0)',
  )
  .transform((text) => {
    const [x, y, w, h] = text.split(',').map(Number);
    return { x, y, w, h };
  })
  .refine((r) => r.w >= 10 && r.h >= 10, 'w and h must be at least 10 pt')
  .describe(
    'Visible signature box `x,y,w,h` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied).',
  );

/** POST /v1/pdf/sign. */
export const signRoute = defineOperation({
  name: 'sign',
  summary: 'Sign with a certificate (PAdES B-B, B-T, B-LT, B-LTA)',
  description:
    'Adds a PAdES baseline B-B signature (`/SubFilter /ETSI.CAdES.detached`: detached CMS with content-type, message-digest and ESS ' +
    "signing-certificate-v2 signed attributes, SHA-256; the signing time is the signature dictionary's /M) made with the key and certificate " +
    'of the uploaded PKCS#12 (`certificate`, opened with `certificate_password`; any further certificates in it are embedded as the chain). ' +
    '`level` b-t, b-lt and b-lta add an RFC 3161 signature time-stamp from `timestamp_url` (or SIGN_TSA_URL), then a DSS with the chains and ' +
    'revocation answers, then a document time-stamp (API.md §5i); every answer is checked before it is embedded, and a time-stamp authority, OCSP ' +
    'responder or CRL distribution point that fails, answers garbage or sits on a private address (unless SIGN_ALLOW_PRIVATE) → 502 `upstream_failed` ' +
    'naming it, charged when the request named it (refunded when it is the server default SIGN_TSA_URL or its default certificate); a revoked signer → 422 `invalid_certificate`. ' +
    'The signature is appended as an incremental update, so the original bytes and any signature already on them stay valid. ' +
    'An encrypted input is opened with `password` and rewritten unencrypted before signing (signatures it carried do not survive that). ' +
    "`visible=true` draws a box with the signer's name, the date and the reason at `rect` on `page`. A wrong `certificate_password` → 422 " +
    '`incorrect_password`; a certificate that is expired, not yet valid, whose key usage excludes signing, or whose key is not RSA/ECDSA → ' +
    "422 `invalid_certificate`. The certificate's trust is not checked (use `verify`/your validator). Without a `certificate` part the " +
    "server's default certificate is used when one is configured (SIGN_DEFAULT_CERTIFICATE_FILE; then `certificate_password` is refused, " +
    "the default's password being the server's); with none configured a `certificate` part is required (400).",
  files: [
    { field: 'file', min: 1, max: 1, kinds: ['pdf'], description: 'The PDF to sign.' },
    {
      field: 'certificate',
      min: 0,
      max: 1,
      kinds: ['pkcs12'],
      description:
        'PKCS#12 (.p12/.pfx) with the signing key and certificate (and optionally its chain). Required unless the server has a default certificate configured.',
    },
  ],
  options: z.strictObject({
    certificate_password: z
      .string()
      .max(1024, 'must be at most 1024 characters')
      .describe('Password of the PKCS#12 (empty or absent for none). Never logged.')
      .optional(),
    reason: lineField('Reason for signing (/Reason).'),
    location: lineField('Where it was signed (/Location).'),
    contact: lineField('How to reach the signer (/ContactInfo).'),
    visible: boolField(false, 'Draw a visible signature box (needs `rect`).'),
    page: intField(1, 1_000_000, 'Page of the visible signature (default 1)').optional(),
    rect: rectField.optional(),
    password: passwordField,
    level: z
      .enum(['b-b', 'b-t', 'b-lt', 'b-lta'])
      .default('b-b')
      .describe(
        'PAdES baseline level: `b-b` the signature alone; `b-t` with an RFC 3161 signature time-stamp; `b-lt` also the chains and OCSP responses or CRLs ' +
          "(fetched from the certificates' own addresses) in the document's DSS; `b-lta` also a document time-stamp over all of it.",
      ),
    timestamp_url: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .max(2048, 'must be at most 2048 characters')
      .describe("RFC 3161 time-stamp authority for levels b-t and up (default: the server's SIGN_TSA_URL).")
      .optional(),
  }),
  produces: ['application/pdf'],
  timeout: 'OPERATION_TIMEOUT',
  check: (options, files, config) => {
    if ((files.certificate ?? []).length === 0) {
      if (!config.SIGN_DEFAULT_CERTIFICATE_FILE)
        throw new InvalidRequestError(
          'certificate: a file is required (this server has no default signing certificate).',
          'certificate',
        );
      if (options.certificate_password !== undefined)
        throw new InvalidRequestError(
          'certificate_password: only applies with an uploaded certificate.',
          'certificate_password',
        );
    }
    if (options.level === 'b-b' && options.timestamp_url !== undefined)
      throw new InvalidRequestError('timestamp_url: only applies with level b-t, b-lt or b-lta.', 'timestamp_url');
    if (options.level !== 'b-b' && !options.timestamp_url && !config.SIGN_TSA_URL) {
      throw new InvalidRequestError(
        `timestamp_url: required with level ${options.level} (this server has no default SIGN_TSA_URL).`,
        'timestamp_url',
      );
    }
    if (options.visible && !options.rect) throw new InvalidRequestError('rect: required with visible=true.', 'rect');
    for (const field of ['rect', 'page'] as const) {
      if (!options.visible && options[field] !== undefined)
        throw new InvalidRequestError(`${field}: only applies with visible=true.`, field);
    }
  },
  run: signPdf,
});
