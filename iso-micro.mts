import { Spawner } from './src/tools/spawner.ts';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const N = Number(process.env.N ?? 400);
function helper(env: Record<string, string>) {
  const c = spawn('./dist/spawn-helper', [], { stdio: ['pipe', 'pipe', 'inherit'], env: { PATH: '/usr/bin:/bin', ...env } });
  return { c, s: new Spawner(c.stdin!, c.stdout!) };
}
const root = fs.mkdtempSync('/tmp/iso-micro-');
fs.mkdirSync(`${root}/w`);
const on = helper({}), off = helper({ SPAWN_HELPER_ISOLATION: 'off' });
on.s.configure({ workRoot: root, isolate: true, nice: 0 });
off.s.configure({ workRoot: root, isolate: false, nice: 0 });
console.log(await on.s.isolation(), '|', await off.s.isolation());
const cpu = (pid: number) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').slice(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2).split(' '); return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10; };
async function round(h: { c: any; s: Spawner }, file: string, args: string[]) {
  const c0 = cpu(h.c.pid); const t0 = performance.now();
  for (let i = 0; i < N; i++) { const x = h.s.spawn({ file, args, cwd: `${root}/w`, env: { PATH: '/usr/bin:/bin' }, stdout: false, maxStdout: 0, memoryBytes: 0, cpuSeconds: 10 }); const e = await x.exited; if (e.exitCode !== 0) throw new Error(JSON.stringify(e)); }
  return { wall: (performance.now() - t0) / N, cpu: (cpu(h.c.pid) - c0) / N };
}
for (const [file, args] of [['true', []], ['qpdf', ['--version']]] as const) {
  const r: Record<string, { wall: number[]; cpu: number[] }> = { on: { wall: [], cpu: [] }, off: { wall: [], cpu: [] } };
  for (let k = 0; k < 4; k++) for (const [name, h] of (k % 2 ? [['off', off], ['on', on]] : [['on', on], ['off', off]]) as const) { const x = await round(h, file, [...args]); r[name].wall.push(x.wall); r[name].cpu.push(x.cpu); }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(`${file}: isolated wall ${med(r.on.wall).toFixed(3)} ms/spawn (helper+children CPU ${med(r.on.cpu).toFixed(3)} ms), unisolated wall ${med(r.off.wall).toFixed(3)} ms (CPU ${med(r.off.cpu).toFixed(3)} ms)`);
}
on.c.stdin.end(); off.c.stdin.end(); fs.rmSync(root, { recursive: true });
