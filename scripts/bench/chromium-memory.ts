// HTML → PDF under CHROMIUM_MEMORY_LIMIT, side by side in one run: two servers
// of this tree, one with the cap off (0) and one with it on (default 2 GiB
// unless BENCH_CAP_MIB), requests interleaved:
// - the ordinary path: median latency of a 200-paragraph page, and the
//   server's own CPU per render (the watchdog runs in the server);
// - a page filling ArrayBuffers (BENCH_HOG_MIB, default 3072): status, time,
//   the largest renderer's RssAnon+RssShmem seen, the server's RSS growth, and
//   whether the next page prints.
// Run: node --import tsx scripts/bench/chromium-memory.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { arrayBufferHog } from '../../test/helpers/hostile-chromium.js';
import { cli, startServeProcess } from '../../test/helpers/process-server.js';

const MiB = 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const CAP = Number(process.env.BENCH_CAP_MIB ?? 2048) * MiB;
const HOG_MIB = Number(process.env.BENCH_HOG_MIB ?? 3072);
const PAGE = `<!doctype html><h1>Report</h1>${'<p>Paragraph of the quarterly report with some text.</p>'.repeat(200)}`;

/** The largest RssAnon + RssShmem (MiB) of any Chromium renderer running now. */
function largestRenderer(): number {
  let largest = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      let kb = 0;
      for (const m of fs.readFileSync(`/proc/${entry}/status`, 'utf8').matchAll(/^(RssAnon|RssShmem):\s+(\d+) kB$/gm))
        kb += Number(m[2]);
      largest = Math.max(largest, kb / 1024);
    } catch {
      // gone
    }
  }
  return largest;
}

async function start(cap: number) {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const env = {
    DATA_DIR: path.join(base, 'data'),
    TMP_DIR: base,
    CHROMIUM_POOL_SIZE: '1',
    CHROMIUM_MEMORY_LIMIT: String(cap),
    MAX_PAGES: '2000',
  };
  const key = JSON.parse(cli(['keys', 'create', '--account', 'bench', '--plan', 'enterprise', '--json'], env))
    .key as string;
  const server = await startServeProcess(env);
  const post = async (html: string) => {
    const data = new FormData();
    data.append('file', new Blob([html]), 'page.html');
    data.append('to', 'pdf');
    const started = performance.now();
    const res = await fetch(`${server.url}/v1/pdf/convert`, {
      method: 'POST',
      body: data,
      headers: { Authorization: `Bearer ${key}` },
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };
  const cpuMs = () => {
    const stat = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
  };
  return {
    cap,
    post,
    cpuMs,
    server,
    stop: async () => (await server.stop(), fs.rmSync(base, { recursive: true, force: true })),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const servers = [await start(0), await start(CAP)];
for (let i = 0; i < 3; i++) for (const s of servers) await s.post(PAGE);
const times = servers.map(() => [] as number[]);
const cpuBefore = servers.map((s) => s.cpuMs());
for (let i = 0; i < ROUNDS; i++) for (const [n, s] of servers.entries()) times[n].push((await s.post(PAGE)).ms);
const label = (cap: number) => (cap ? `cap ${cap / MiB} MiB` : 'cap off');
for (const [n, s] of servers.entries()) {
  console.log(
    `ordinary, ${label(s.cap)}: median ${median(times[n]).toFixed(0)} ms, server CPU ${((s.cpuMs() - cpuBefore[n]) / ROUNDS).toFixed(1)} ms per render (${ROUNDS} renders, interleaved)`,
  );
}
console.log(`ratio on/off (median latency): ${(median(times[1]) / median(times[0])).toFixed(3)}`);
for (const s of servers) {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, largestRenderer())), 20);
  const rssBefore = s.server.memory().rssKb;
  const hog = await s.post(arrayBufferHog(HOG_MIB));
  clearInterval(sampler);
  const next = await s.post(PAGE);
  console.log(
    `ArrayBuffer hog (${HOG_MIB} MiB), ${label(s.cap)}: ${hog.status} in ${hog.ms.toFixed(0)} ms, largest renderer ~${peak.toFixed(0)} MiB, server RSS +${((s.server.memory().rssKb - rssBefore) / 1024).toFixed(1)} MiB; next page ${next.status}`,
  );
}
for (const s of servers) await s.stop();
