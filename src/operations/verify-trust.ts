// The certificates verify trusts: SIGN_TRUST_STORE (a PEM bundle), else the
// system's CA bundle (Debian's ca-certificates), else the Mozilla roots Node
// ships. Parsed once per path and kept: ~140 system roots cost ~40 ms to parse.
import fsp from 'node:fs/promises';
import tls from 'node:tls';
import * as pkijs from 'pkijs';
import type { Config } from '../config.js';

const SYSTEM_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
const loaded = new Map<string, Promise<pkijs.Certificate[]>>();

function parsePem(text: string): pkijs.Certificate[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  return blocks.flatMap((pem) => {
    try {
      return [
        pkijs.Certificate.fromBER(new Uint8Array(Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'))),
      ];
    } catch {
      return []; // one unreadable entry does not void the others
    }
  });
}

/** The trust anchors for this configuration. */
export function trustAnchors(config: Config): Promise<pkijs.Certificate[]> {
  const file = config.SIGN_TRUST_STORE ?? SYSTEM_BUNDLE;
  let anchors = loaded.get(file);
  if (!anchors) {
    anchors = fsp.readFile(file, 'utf8').then(parsePem, (error: NodeJS.ErrnoException) => {
      // A configured store that cannot be read is the operator's mistake: say so rather than trust nothing silently.
      if (config.SIGN_TRUST_STORE) throw new Error(`SIGN_TRUST_STORE: cannot read ${file} (${error.code ?? 'error'})`);
      return parsePem(tls.rootCertificates.join('\n'));
    });
    anchors.catch(() => loaded.delete(file));
    loaded.set(file, anchors);
  }
  return anchors;
}
