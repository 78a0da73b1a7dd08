// A real S3-protocol server for tests and benchmarks: s3rver (npm) on a free
// loopback port with a private directory, plus an independent client to read
// raw objects. Production targets are MinIO, Ceph RGW or AWS S3 (docs/scaling.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The settings a service process needs to use this server (prefix under the bucket). */
  env: (prefix: string) => Record<string, string>;
  /** Keys under `prefix` in the bucket. */
  keys: (prefix: string) => Promise<string[]>;
  /** The stored bytes of an object, as the bucket holds them. */
  raw: (key: string) => Promise<Buffer>;
  /** Writes an object directly (a stray or altered file). */
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** Stops answering (connections refused) until `resume`; the objects stay. */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  close: () => Promise<void>;
}

// The SDK's notice about its future Node 22 requirement is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's fixed development credentials. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(bucket = 'pdf-jobs'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-s3-'));
  let server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as { port: number };
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    bucket,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    }),
    keys: async (prefix) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    raw: async (key) =>
      Buffer.from(
        await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray(),
      ),
    put: async (key, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    pause: async () => {
      await server.close();
      running = false;
    },
    resume: async () => {
      if (running) return;
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
      running = true;
    },
    close: async () => {
      client.destroy();
      if (running) await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
