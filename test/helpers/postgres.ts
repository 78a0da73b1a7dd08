// A private, throwaway PostgreSQL cluster for one test file: initdb into a
// temp directory (as the unprivileged `postgres` user when the tests run as
// root, since PostgreSQL refuses to run as root), a free TCP port on loopback
// and a socket directory inside the temp directory, fsync off (safe against a
// killed server, which is all the tests do; synchronous_commit stays on, or a
// killed server would lose commits it had acknowledged). It never touches
// a database already running on the machine, and is stopped and deleted after
// the file (also when a test failed, and on process exit as a last resort).
// PostgreSQL itself comes from Debian's packages via scripts/install-tools.sh.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** A running private cluster. */
export interface PgCluster {
  port: number;
  /** Creates a fresh database and returns its postgres:// URL. */
  createDatabase: (name?: string) => Promise<string>;
  /** Stops the server at once (like a crash: no checkpoint), keeping the data. */
  kill: () => void;
  /** Starts it again on the same port. */
  restart: () => void;
  /** Stops it and deletes everything. */
  destroy: () => void;
}

/** Directory of initdb/pg_ctl: the newest /usr/lib/postgresql/<n>/bin. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed: run scripts/install-tools.sh');
  return path.join(root, versions[0], 'bin');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let counter = 0;

/** Starts a private cluster (a second or two). */
export async function startPostgres(): Promise<PgCluster> {
  const bin = binDir();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-pg-'));
  const data = path.join(base, 'data');
  const sockets = path.join(base, 'sock');
  fs.mkdirSync(sockets);
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', base]);
  fs.chmodSync(base, 0o700);
  /** Runs a PostgreSQL program as `postgres` when we are root, else as ourselves. */
  const run = (program: string, args: string[]) => {
    const command = asRoot
      ? (['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]] as const)
      : ([path.join(bin, program), args] as const);
    return execFileSync(command[0], [...command[1]], { stdio: 'pipe', encoding: 'utf8', cwd: base });
  };
  const port = await freePort();
  const ctl = (action: 'start' | 'stop') =>
    action === 'start'
      ? run('pg_ctl', [
          '-D',
          data,
          '-l',
          path.join(base, 'server.log'),
          '-w',
          '-t',
          '60',
          '-o',
          `-p ${port} -k ${sockets} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=300`,
          'start',
        ])
      : run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);

  let running = false;
  const destroy = () => {
    if (running) {
      try {
        ctl('stop');
      } catch {
        // already down
      }
      running = false;
    }
    fs.rmSync(base, { recursive: true, force: true });
    process.off('exit', destroy);
  };
  // Last resort if the test process ends without afterAll (the cluster must never outlive the run).
  process.on('exit', destroy);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    ctl('start');
    running = true;
  } catch (error) {
    const log = fs.existsSync(path.join(base, 'server.log'))
      ? fs.readFileSync(path.join(base, 'server.log'), 'utf8')
      : '';
    destroy();
    throw new Error(`could not start a private PostgreSQL: ${(error as Error).message}\n${log}`);
  }
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    createDatabase: async (name = `t${process.pid}_${++counter}`) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    kill: () => {
      ctl('stop');
      running = false;
    },
    restart: () => {
      ctl('start');
      running = true;
    },
    destroy,
  };
}
