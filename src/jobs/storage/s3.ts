// Job files in an S3-compatible bucket (STORAGE_URL=s3://bucket/prefix; MinIO,
// Ceph RGW, AWS S3): objects <prefix>inputs/<name> and <prefix>results/<name>,
// encrypted in this process before the first byte is sent. Uploads are
// multipart through two reused 5 MiB part buffers (multipart.ts) and downloads
// are streamed, so memory stays flat whatever the file size. Credentials come from the AWS SDK's
// standard chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles).
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { ServerBusyError } from '../../core/errors.js';
import { decryptStream, encryptStream } from '../../core/sealing.js';
import { byteCounter, EncryptedStorage, missingFile, type Area, type Listed, type StoredFile } from './base.js';
import { multipartUpload } from './multipart.js';

export interface S3Location {
  bucket: string;
  /** "" or "some/prefix/". */
  prefix: string;
}

/**
 * The error to raise for a failed S3 call: a missing object is ENOENT (like a
 * file), an unreachable or failing store (no answer, 5xx) is 503 server_busy —
 * a submission is refused with Retry-After and a worker puts its job back in
 * the queue — and anything else (403: wrong credentials or policy) stays a fault.
 */
function storageError(error: unknown, name: string): unknown {
  const { name: kind, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (kind === 'NoSuchKey') return missingFile(name);
  const status = $metadata?.httpStatusCode;
  if (status === undefined || status >= 500) {
    return Object.assign(new ServerBusyError(30, 'Job storage is unavailable; retry later.'), { cause: error });
  }
  return error;
}

/** Encrypted job storage in an S3 bucket. */
export class S3JobStorage extends EncryptedStorage {
  readonly location: string;
  private readonly client: S3Client;

  constructor(
    private readonly where: S3Location,
    key: Buffer,
    options: { endpoint?: string; region: string },
  ) {
    super(key);
    this.location = `s3://${where.bucket}/${where.prefix}`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Self-hosted stores (MinIO, Ceph) are addressed as endpoint/bucket, not bucket.endpoint.
      forcePathStyle: options.endpoint !== undefined,
      // Every chunk is already authenticated by AES-GCM; the SDK's default CRC
      // headers are rejected by some S3-compatible stores, so send them only where required.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable or stalled store fails the job or request instead of hanging it (idle socket, not total time).
      requestHandler: { connectionTimeout: 10_000, requestTimeout: 120_000 },
    });
  }

  private objectKey(area: Area, name: string): string {
    return `${this.where.prefix}${area}/${path.posix.basename(name)}`;
  }

  async write(area: Area, name: string, source: Readable): Promise<StoredFile> {
    this.inFlight.add(name);
    let size = 0;
    let stored = 0;
    const target = { Bucket: this.where.bucket, Key: this.objectKey(area, name) };
    try {
      await pipeline(
        source,
        byteCounter((n) => (size += n)),
        encryptStream(this.key),
        byteCounter((n) => (stored += n)),
        multipartUpload(this.client, target, (error) => storageError(error, name)),
      );
    } catch (error) {
      this.inFlight.delete(name);
      // An upload that completed just before the failure must not stay behind.
      await this.delete(area, name).catch(() => undefined);
      throw error;
    }
    return { name, size, stored };
  }

  async decryptTo(area: Area, name: string, target: string): Promise<void> {
    await pipeline(await this.get(area, name), decryptStream(this.key), fs.createWriteStream(target, { mode: 0o600 }));
  }

  async open(area: Area, name: string): Promise<Readable> {
    // The object's response has started before this resolves: a missing result is still a clean 410.
    const body = await this.get(area, name);
    const out = new PassThrough();
    pipeline(body, decryptStream(this.key), out).catch((error) => out.destroy(error));
    return out;
  }

  private async get(area: Area, name: string): Promise<Readable> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(area, name) }),
      );
      return response.Body as Readable;
    } catch (error) {
      throw storageError(error, name);
    }
  }

  protected async *list(area: Area): AsyncIterable<Listed> {
    const prefix = this.objectKey(area, '');
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.where.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(prefix.length);
        if (name && !name.includes('/')) yield { name, modifiedMs: object.LastModified?.getTime() ?? 0 };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  protected async delete(area: Area, name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.where.bucket, Key: this.objectKey(area, name) }));
  }

  close(): void {
    this.client.destroy();
  }
}
