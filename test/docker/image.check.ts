// The Docker image as the README runs it: `docker run` under Docker's default security profile
// (no --security-opt, no --cap-add), as its non-root user, healthy by its own HEALTHCHECK; the
// README's key command; every operation once through the container, HTML, Markdown and Office →
// PDF and OCR included; `docker stop` draining a running job back to the queue within the grace
// period; /data keeping its keys and the job across a restart. Run by scripts/docker/check.sh,
// which builds the image first (PDF_SERVICE_IMAGE names it).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfClient } from '../../clients/typescript/src/index.js';
import { runEveryOperation } from '../clients/examples.js';
import { bigPdf } from '../helpers/jobs.js';
import { pageCountOf, textOf } from '../helpers/pdf.js';
import { corpus } from '../helpers/server.js';

const run = promisify(execFile);
const IMAGE = process.env.PDF_SERVICE_IMAGE ?? 'pdf-service:check';
const NAME = `pdf-check-${process.pid}`;
const VOLUME = `${NAME}-data`;

let baseUrl = '';
let key = '';
let scratch = '';

async function docker(...args: string[]): Promise<string> {
  const { stdout } = await run('docker', args, { maxBuffer: 16 * 1024 * 1024 });
  return stdout.trim();
}

async function waitHealthy(ms: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const status = await docker('inspect', '-f', '{{.State.Status}} {{.State.Health.Status}}', NAME);
    if (status === 'running healthy') return Date.now() - started;
    if (!status.startsWith('running'))
      throw new Error(`container ${status}:\n${await docker('logs', '--tail', '50', NAME).catch(String)}`);
    if (Date.now() - started > ms) throw new Error(`not healthy after ${ms} ms (${status})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function publishedUrl(): Promise<string> {
  const mapping = (await docker('port', NAME, '8080/tcp')).split('\n')[0]!; // 127.0.0.1:49153
  return `http://${mapping}`;
}

async function post(
  pathname: string,
  fields: Record<string, string>,
  file: { name: string; data: Buffer; type: string },
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([file.data], { type: file.type }), file.name);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return fetch(`${baseUrl}${pathname}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}`, ...headers },
  });
}

async function saved(response: Response, name: string): Promise<string> {
  expect(
    response.status,
    await response
      .clone()
      .text()
      .catch(() => ''),
  ).toBe(200);
  const file = path.join(scratch, name);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-docker-'));
  await docker('volume', 'create', VOLUME);
  // As the README says, and nothing more: the default seccomp and AppArmor profiles, no capabilities added.
  const started = Date.now();
  await docker(
    'run',
    '-d',
    '--name',
    NAME,
    '-p',
    '127.0.0.1::8080',
    '-v',
    `${VOLUME}:/data`,
    '--stop-timeout',
    '35',
    IMAGE,
  );
  const healthyAfter = await waitHealthy(120_000);
  console.log(
    `container healthy ${((Date.now() - started) / 1000).toFixed(1)} s after docker run (${(healthyAfter / 1000).toFixed(1)} s of waiting for the HEALTHCHECK)`,
  );
  baseUrl = await publishedUrl();
});

afterAll(async () => {
  await docker('rm', '-f', NAME).catch(() => undefined);
  await docker('volume', 'rm', '-f', VOLUME).catch(() => undefined);
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the Docker image', () => {
  it('runs as its own non-root user under the default seccomp profile, with no added privileges', async () => {
    const config = JSON.parse(await docker('inspect', NAME))[0];
    expect(config.Config.User).toBe('pdf');
    expect(config.HostConfig.SecurityOpt ?? []).toEqual([]);
    expect(config.HostConfig.Privileged).toBe(false);
    expect(config.HostConfig.CapAdd ?? []).toEqual([]);
    expect(await docker('exec', NAME, 'id', '-u')).toBe('10001');
    expect(await docker('exec', NAME, 'id', '-g')).toBe('10001');
    // Seccomp mode 2: a filter is in force (Docker's default profile).
    expect(await docker('exec', NAME, 'grep', '^Seccomp:', '/proc/self/status')).toMatch(/Seccomp:\s+2/);
    const health = await (await fetch(`${baseUrl}/healthz`)).json();
    expect(health.status).toBe('ok');
    // Not root, so no namespaces: each tool is confined by Landlock, which the default profile allows.
    expect(health.isolation).toBe('landlock');
  });

  it('gives a key with the README command', async () => {
    const out = await docker(
      'exec',
      NAME,
      'pdf-service',
      'keys',
      'create',
      '--account',
      'docker-check',
      '--plan',
      'enterprise',
    );
    key = /(pdf_live_\S+)/.exec(out)?.[1] ?? '';
    expect(key, out).not.toBe('');
    const account = await fetch(`${baseUrl}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
    expect(account.status).toBe(200);
  });

  it('answers every operation once, each result checked with the host tools', async () => {
    await runEveryOperation(new PdfClient({ baseUrl, apiKey: key }), scratch);
  });

  it('prints HTML and Markdown with Chromium (no usable sandbox under the default profile)', async () => {
    const html = await saved(
      await post(
        '/v1/pdf/convert',
        { to: 'pdf' },
        {
          name: 'invoice.html',
          type: 'text/html',
          data: Buffer.from('<!doctype html><h1>Invoice 4711</h1><p>Printed in the container.</p>'),
        },
      ),
      'html.pdf',
    );
    expect(textOf(html)).toContain('Invoice 4711');
    const md = await saved(
      await post(
        '/v1/pdf/convert',
        { to: 'pdf' },
        { name: 'notes.md', type: 'text/markdown', data: Buffer.from('# Release notes\n\n- *Docker* image checked\n') },
      ),
      'md.pdf',
    );
    expect(textOf(md)).toContain('Release notes');
  });

  it('converts an Office document with LibreOffice in its Landlock sandbox', async () => {
    const rtf = Buffer.from(
      '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 DejaVu Sans;}} \\f0\\fs24 Quarterly letter from the container.\\par }',
    );
    const pdf = await saved(
      await post('/v1/pdf/convert', { to: 'pdf' }, { name: 'letter.rtf', type: 'application/rtf', data: rtf }),
      'office.pdf',
    );
    expect(textOf(pdf)).toContain('Quarterly letter');
  });

  it('OCRs a scanned page with Tesseract', async () => {
    const out = await saved(
      await post(
        '/v1/pdf/ocr',
        { languages: 'eng' },
        { name: 'linn.pdf', type: 'application/pdf', data: fs.readFileSync(corpus('linn.pdf')) },
      ),
      'ocr.pdf',
    );
    expect(textOf(out).length).toBeGreaterThan(500);
  });

  it('docker stop hands a running job back within the grace period; /data keeps the key and the job across a restart', async () => {
    // 4 × 14 pages OCR'd with mode=force: minutes of work on a small host, so it is still running when the grace ends.
    const input = bigPdf(4);
    const submitted = await post(
      '/v1/pdf/ocr',
      { mode: 'force', languages: 'eng' },
      { name: 'big.pdf', type: 'application/pdf', data: fs.readFileSync(input) },
      { prefer: 'respond-async' },
    );
    fs.rmSync(path.dirname(input), { recursive: true, force: true });
    expect(submitted.status).toBe(202);
    const job = (await submitted.json()) as { id: string };
    const auth = { authorization: `Bearer ${key}` };
    for (let i = 0; i < 120; i++) {
      const state = (await (await fetch(`${baseUrl}/v1/jobs/${job.id}`, { headers: auth })).json()) as {
        status: string;
      };
      if (state.status === 'running') break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const stopStarted = Date.now();
    await docker('stop', NAME); // no -t: the --stop-timeout given at `docker run`
    const stopSeconds = (Date.now() - stopStarted) / 1000;
    const state = JSON.parse(await docker('inspect', NAME))[0].State;
    const logs = await run('docker', ['logs', NAME]).then((r) => r.stdout + r.stderr);
    console.log(`docker stop took ${stopSeconds.toFixed(1)} s; exit code ${state.ExitCode}`);
    expect(stopSeconds).toBeLessThan(35); // ended by the server itself, not Docker's SIGKILL
    expect(state.ExitCode, logs.slice(-2000)).toBe(0);
    expect(logs).toContain('job put back in the queue');

    const restarted = Date.now();
    await docker('start', NAME);
    await waitHealthy(120_000);
    console.log(`healthy again ${((Date.now() - restarted) / 1000).toFixed(1)} s after docker start`);
    baseUrl = await publishedUrl(); // a restart may publish another host port
    expect((await fetch(`${baseUrl}/v1/account`, { headers: auth })).status).toBe(200);
    let final: { status: string } = { status: '' };
    for (let i = 0; i < 600 && !['succeeded', 'failed', 'canceled'].includes(final.status); i++) {
      final = (await (await fetch(`${baseUrl}/v1/jobs/${job.id}`, { headers: auth })).json()) as { status: string };
      if (!['succeeded', 'failed', 'canceled'].includes(final.status)) await new Promise((r) => setTimeout(r, 1000));
    }
    expect(final.status, JSON.stringify(final)).toBe('succeeded');
    const result = await fetch(`${baseUrl}/v1/jobs/${job.id}/result`, { headers: auth });
    const file = await saved(result, 'big-ocr.pdf');
    expect(pageCountOf(file)).toBe(56);
  }, 900_000);
});
