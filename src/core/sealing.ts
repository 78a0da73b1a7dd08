// Streaming AES-256-GCM for job files at rest. GCM alone cannot be streamed
// safely (a tag covers the whole message, and nothing is verified before the
// end), so files are cut into 256 KiB chunks, each sealed on its own (the
// STREAM construction): nonce = per-file random prefix ‖ chunk counter, and the
// AAD carries the file header plus a final-chunk flag, so a reordered, dropped
// or truncated chunk fails authentication. Each file also has its own key,
// derived with HKDF from the data key and a random salt, so nonces can never
// repeat across files.
//
// Layout: "PJE1" ‖ salt (16) ‖ nonce prefix (8) ‖ chunks, each ciphertext (≤ 256 KiB) ‖ tag (16).
// Every chunk but the last is exactly 256 KiB of plaintext; the last may be 0..256 KiB.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('PJE1');
const SALT_BYTES = 16;
const PREFIX_BYTES = 8;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + PREFIX_BYTES;
/** Plaintext bytes per chunk: 256 KiB costs ~25 % less CPU than 64 KiB (fewer cipher set-ups) and bounds memory per stream. */
export const CHUNK_BYTES = 256 * 1024;
const TAG_BYTES = 16;
const SEALED_CHUNK = CHUNK_BYTES + TAG_BYTES;
const HKDF_INFO = Buffer.from('pdf-service job file v1');

/** Bytes on disk for `plain` bytes of plaintext. */
export function sealedSize(plain: number): number {
  const chunks = Math.max(1, Math.ceil(plain / CHUNK_BYTES));
  return HEADER_BYTES + plain + chunks * TAG_BYTES;
}

function fileKey(dataKey: Buffer, salt: Buffer): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', dataKey, salt, HKDF_INFO, 32));
}

function nonce(prefix: Buffer, counter: number): Buffer {
  const iv = Buffer.alloc(12);
  prefix.copy(iv, 0);
  iv.writeUInt32BE(counter, PREFIX_BYTES);
  return iv;
}

function aad(header: Buffer, final: boolean): Buffer {
  return Buffer.concat([header, Buffer.from([final ? 1 : 0])]);
}

/** Buffers of a stream, taken from the front in exact sizes with as few copies as possible. */
class ByteQueue {
  private parts: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    this.parts.push(chunk);
    this.length += chunk.length;
  }

  take(n: number): Buffer {
    this.length -= n;
    const first = this.parts[0];
    if (first && first.length >= n) {
      // The common case with large reads: a view, no copy.
      if (first.length === n) this.parts.shift();
      else this.parts[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let got = 0;
    while (got < n) {
      const part = this.parts[0];
      const use = Math.min(part.length, n - got);
      part.copy(out, got, 0, use);
      got += use;
      if (use === part.length) this.parts.shift();
      else this.parts[0] = part.subarray(use);
    }
    return out;
  }
}

/** Thrown when a stored file was modified, truncated or sealed with another key. */
export class TamperedFileError extends Error {
  constructor(reason: string) {
    super(`encrypted job file failed authentication: ${reason}`);
    this.name = 'TamperedFileError';
  }
}

/** A Transform that encrypts whatever is piped through it. */
export function encryptStream(dataKey: Buffer): Transform {
  const salt = crypto.randomBytes(SALT_BYTES);
  const prefix = crypto.randomBytes(PREFIX_BYTES);
  const header = Buffer.concat([MAGIC, salt, prefix]);
  const key = fileKey(dataKey, salt);
  let counter = 0;
  const pending = new ByteQueue();
  let headerSent = false;

  const seal = (plain: Buffer, final: boolean): [Buffer, Buffer] => {
    if (counter === 0xffffffff) throw new Error('file too large for one encrypted stream');
    const cipher = crypto.createCipheriv('aes-256-gcm', key, nonce(prefix, counter++));
    cipher.setAAD(aad(header, final));
    const body = cipher.update(plain);
    cipher.final();
    return [body, cipher.getAuthTag()];
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        if (!headerSent) {
          this.push(header);
          headerSent = true;
        }
        pending.push(chunk);
        // Hold back at least one byte: only flush() knows which chunk is the last.
        // One push per call: many small writes (a 16-byte tag each) would cost a syscall apiece.
        const out: Buffer[] = [];
        while (pending.length > CHUNK_BYTES) out.push(...seal(pending.take(CHUNK_BYTES), false));
        if (out.length > 0) this.push(Buffer.concat(out));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (!headerSent) this.push(header);
        this.push(Buffer.concat(seal(pending.take(pending.length), true)));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** A Transform that decrypts and authenticates a stream made by encryptStream. */
export function decryptStream(dataKey: Buffer): Transform {
  let header: Buffer | undefined;
  let key: Buffer | undefined;
  let prefix: Buffer | undefined;
  let counter = 0;
  const pending = new ByteQueue();

  const open = (sealed: Buffer, final: boolean): Buffer => {
    if (sealed.length < TAG_BYTES) throw new TamperedFileError('truncated');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key!, nonce(prefix!, counter++));
    decipher.setAAD(aad(header!, final));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    const plain = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    try {
      decipher.final();
    } catch {
      throw new TamperedFileError(final ? 'last chunk (truncated or altered)' : `chunk ${counter - 1}`);
    }
    return plain;
  };
  const readHeader = () => {
    if (header || pending.length < HEADER_BYTES) return;
    header = Buffer.from(pending.take(HEADER_BYTES));
    if (!header.subarray(0, MAGIC.length).equals(MAGIC)) throw new TamperedFileError('not an encrypted job file');
    key = fileKey(dataKey, header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES));
    prefix = header.subarray(MAGIC.length + SALT_BYTES);
  };

  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        pending.push(chunk);
        readHeader();
        const out: Buffer[] = [];
        if (header) while (pending.length > SEALED_CHUNK) out.push(open(pending.take(SEALED_CHUNK), false));
        if (out.length > 0) this.push(out.length === 1 ? out[0] : Buffer.concat(out));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        readHeader();
        if (!header) throw new TamperedFileError('truncated header');
        this.push(open(pending.take(pending.length), true));
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * The data key: DATA_KEY (base64 of 32 bytes) if set; else the file
 * DATA_KEY_FILE (e.g. a mounted secret, kept apart from the data it protects;
 * it must exist); else DATA_DIR/data.key, created with mode 0600 on first
 * start (two processes starting together agree on one key).
 */
export function loadDataKey(dataKey: string | undefined, dataDir: string, keyFile?: string): Buffer {
  if (dataKey && keyFile) throw new Error('invalid configuration: set DATA_KEY or DATA_KEY_FILE, not both');
  if (dataKey) {
    const key = Buffer.from(dataKey, 'base64');
    if (key.length !== 32) throw new Error('invalid configuration: DATA_KEY: must be base64 of exactly 32 bytes');
    return key;
  }
  if (keyFile) {
    let text: string;
    try {
      text = fs.readFileSync(keyFile, 'utf8');
    } catch (error) {
      throw new Error(
        `invalid configuration: DATA_KEY_FILE: cannot read ${keyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    const key = Buffer.from(text.trim(), 'base64');
    if (key.length !== 32)
      throw new Error(`invalid configuration: DATA_KEY_FILE: ${keyFile} must hold base64 of exactly 32 bytes`);
    return key;
  }
  const file = path.join(dataDir, 'data.key');
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(file)) {
    // Written whole to a private name, then hard-linked into place: link() fails if another
    // process won the race, and nobody ever reads a half-written key.
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file}: not a base64 32-byte key (restore it or set DATA_KEY)`);
  return key;
}

/** One-shot AES-256-GCM for small values (a job's option fields): nonce ‖ ciphertext ‖ tag, bound to `context`. */
export function sealValue(dataKey: Buffer, plain: Buffer, context: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Opens a value sealed by sealValue with the same `context`. */
export function openValue(dataKey: Buffer, sealed: Buffer, context: string): Buffer {
  if (sealed.length < 12 + TAG_BYTES) throw new TamperedFileError('sealed value too short');
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new TamperedFileError('sealed value');
  }
}
