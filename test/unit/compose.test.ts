// The deployment recipe (compose.yaml + deploy/nginx.conf) cannot run here (no
// Docker), so its contract is checked: it parses, every API replica and worker
// shares exactly the settings the multi-host tests share, each setting is one
// the service knows and accepts, the roles are right, and the proxy reaches
// every API replica.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configKeys, loadConfig } from '../../src/config.js';
import { openJobStorage } from '../../src/jobs/storage.js';
import { ROOT } from '../helpers/server.js';

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  stop_grace_period?: string;
  secrets?: string[];
}

const compose = parse(fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  secrets: Record<string, { file: string }>;
};
const services = compose.services;
const apis = Object.keys(services).filter((name) => services[name].command?.includes('serve'));
const workers = Object.keys(services).filter((name) => services[name].command?.includes('worker'));
const app = [...apis, ...workers];

/** What every host of one deployment must share (the names the multi-host tests set). */
const SHARED = [
  'DATABASE_URL',
  'STORAGE_URL',
  'S3_ENDPOINT',
  'S3_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'DATA_KEY_FILE',
];
/** Read by the AWS SDK, not by src/config.ts. */
const AWS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'];

describe('compose.yaml', () => {
  it('has two API replicas (serve --no-workers), two workers, PostgreSQL, MinIO and a proxy', () => {
    expect(apis).toHaveLength(2);
    expect(workers).toHaveLength(2);
    for (const name of apis) expect(services[name].command!.slice(-2)).toEqual(['serve', '--no-workers']);
    for (const name of workers) expect(services[name].command!.at(-1)).toBe('worker');
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['proxy', 'postgres', 'minio']));
  });

  it('gives every API replica and worker the same shared settings, all known to the service and valid', () => {
    for (const name of app) {
      const env = services[name].environment!;
      for (const key of SHARED) expect(env[key], `${name}.${key}`).toBe(services[app[0]].environment![key]);
      for (const key of Object.keys(env))
        expect([...configKeys, ...AWS], `${name}: unknown setting ${key}`).toContain(key);
      const config = loadConfig(env);
      expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
      // The storage URL opens as S3 storage (no request is made by opening it).
      const storage = openJobStorage(config, Buffer.alloc(32));
      expect(storage.location).toBe('s3://pdf-jobs/jobs/');
      storage.close();
      // The key is a mounted secret, and Docker waits longer than the service's own grace period.
      expect(services[name].secrets).toContain('data_key');
      expect(config.DATA_KEY_FILE).toBe('/run/secrets/data_key');
      expect(Number.parseInt(services[name].stop_grace_period!, 10) * 1000).toBeGreaterThan(config.SHUTDOWN_GRACE);
    }
    expect(compose.secrets.data_key.file).toBe('./secrets/data.key');
  });

  it('points the proxy at every API replica on its port', () => {
    const nginx = fs.readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
    const upstream = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((m) => [m[1], m[2]]);
    expect(upstream).toEqual(apis.map((name) => [name, services[name].environment!.PORT]));
  });
});
