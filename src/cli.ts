// bin/pdf-service: serve, worker, keys, accounts, doctor.
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config.js';
import { findAccountByName, rotateWebhookSecret, setPlan, webhookSecret } from './store/accounts.js';
import { openStore } from './store/index.js';
import { createKey, keyView, listKeys, revokeKey, rotateKey } from './store/keys.js';
import { findOperation } from './routes/index.js';
import { isPlan, PLAN_NAMES } from './store/plans.js';
import { probeTools } from './tools/versions.js';

const USAGE = `usage: pdf-service <command>

  serve [--no-workers]                    start the HTTP server (env: HOST, PORT, DATA_DIR, limits; see docs/settings.md);
                                          --no-workers: API only, jobs run in \`worker\` processes
  worker                                  run asynchronous jobs only (same DATABASE_URL/STORAGE_URL as serve)
  keys create --account NAME --plan free|pro|enterprise [--scopes OP,OP] [--expires-at ISO-8601] [--name TEXT] [--json]
  keys list [--json]
  keys revoke PREFIX
  keys rotate PREFIX [--grace SECONDS]    a new key; the old one keeps working for SECONDS (default 3600)
  accounts set-plan NAME PLAN
  accounts webhook-secret NAME [--rotate]
  doctor                                  list native tools, versions, usability`;

class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

async function keys(config: Config, argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  const { store, dataKey } = await openStore(config, { poolSize: 1 });
  try {
    if (sub === 'create') {
      const { values } = parseArgs({
        args: rest,
        options: {
          account: { type: 'string' },
          plan: { type: 'string', default: 'free' },
          scopes: { type: 'string' },
          'expires-at': { type: 'string' },
          name: { type: 'string' },
          json: { type: 'boolean', default: false },
        },
      });
      if (!values.account) fail('keys create needs --account NAME');
      if (!isPlan(values.plan!)) fail(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
      const scopes = values.scopes
        ?.split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      const unknown = scopes?.find((s) => !findOperation(s));
      if (unknown) fail(`--scopes: unknown operation "${unknown}"`);
      const expiresAt = values['expires-at'] === undefined ? null : new Date(values['expires-at']);
      if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now()))
        fail('--expires-at must be a date-time in the future (ISO 8601)');
      const existing = await findAccountByName(store, values.account);
      const created = await createKey(store, dataKey, values.account, values.plan, undefined, {
        scopes: scopes && scopes.length > 0 ? scopes : null,
        expires_at: expiresAt?.toISOString() ?? null,
        name: values.name ?? null,
      });
      if (values.json) {
        console.log(JSON.stringify(created));
      } else {
        console.log(
          `API key for account "${created.account}" (plan ${created.plan}${existing && existing.plan !== values.plan ? `; the account already existed with this plan` : ''}):\n\n  ${created.key}\n\nIt is shown once; store it now. Prefix (for keys revoke): ${created.prefix}`,
        );
      }
    } else if (sub === 'list') {
      const { values } = parseArgs({ args: rest, options: { json: { type: 'boolean', default: false } } });
      const rows = await listKeys(store);
      if (values.json) {
        console.log(JSON.stringify(rows.map((r) => ({ ...keyView(r), plan: r.plan }))));
      } else {
        console.log(['PREFIX', 'LAST4', 'ACCOUNT', 'PLAN', 'CREATED', 'LAST USED', 'REVOKED'].join('\t'));
        for (const r of rows)
          console.log(
            [r.prefix, r.last4, r.account, r.plan, r.created_at, r.last_used_at ?? '-', r.revoked_at ?? '-'].join('\t'),
          );
      }
    } else if (sub === 'revoke') {
      const prefix = rest[0] ?? fail('keys revoke needs PREFIX');
      if (!(await revokeKey(store, prefix))) fail(`no active key with prefix ${prefix}`);
      console.log(`revoked ${prefix}`);
    } else if (sub === 'rotate') {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { grace: { type: 'string', default: '3600' } },
      });
      const prefix = positionals[0] ?? fail('keys rotate needs PREFIX');
      if (!/^\d+$/.test(values.grace!)) fail('--grace must be a whole number of seconds');
      const rotated = await rotateKey(store, prefix, Number(values.grace));
      if (!rotated) fail(`no active, unrotated key with prefix ${prefix}`);
      console.log(
        `New key (shown once; same account, scopes and expiry):\n\n  ${rotated.key}\n\nPrefix: ${rotated.prefix}. The old key ${prefix} works until ${rotated.old_key_expires_at}.`,
      );
    } else {
      fail('keys: create, list, revoke or rotate');
    }
  } finally {
    await store.close();
  }
}

async function accounts(config: Config, argv: string[]): Promise<void> {
  const [sub, name, ...rest] = argv;
  const { store, dataKey } = await openStore(config, { poolSize: 1 });
  try {
    if (sub === 'set-plan') {
      const plan = rest[0];
      if (!name || !plan) fail('accounts set-plan NAME PLAN');
      if (!isPlan(plan)) fail(`PLAN must be one of ${PLAN_NAMES.join(', ')}`);
      if (!(await setPlan(store, name, plan))) fail(`no account named ${name}`);
      console.log(`account ${name} is now on plan ${plan}`);
    } else if (sub === 'webhook-secret') {
      if (!name) fail('accounts webhook-secret NAME [--rotate]');
      const account = (await findAccountByName(store, name)) ?? fail(`no account named ${name}`);
      const secret = rest.includes('--rotate')
        ? (await rotateWebhookSecret(store, dataKey, name))!
        : await webhookSecret(store, dataKey, account.id);
      console.log(secret);
    } else {
      fail('accounts: set-plan or webhook-secret');
    }
  } finally {
    await store.close();
  }
}

async function doctor(): Promise<number> {
  const tools = await probeTools();
  let ok = true;
  for (const t of tools) {
    ok &&= t.usable || !t.required;
    console.log(
      `${t.usable ? 'ok     ' : 'MISSING'} ${t.name.padEnd(12)} ${(t.binary).padEnd(10)} ${t.version ?? t.error ?? ''}`,
    );
  }
  const { toolIsolation } = await import('./tools/run.js');
  console.log(`isolation: ${await toolIsolation()}`);
  return ok ? 0 : 1;
}

async function serve(config: Config, withHttp: boolean, argv: string[]): Promise<void> {
  let values: { 'no-workers'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: withHttp ? { 'no-workers': { type: 'boolean', default: false } } : {},
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  const { startService } = await import('./main.js');
  // --no-workers wins over EMBEDDED_WORKER; without it, EMBEDDED_WORKER decides.
  await startService(config, { http: withHttp, workers: values['no-workers'] ? false : undefined });
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (!command || command === '--help' || command === 'help') {
      console.log(USAGE);
      return command ? 0 : 2;
    }
    if (command === 'doctor') return await doctor();
    const config = loadConfig();
    if (command === 'serve') await serve(config, true, rest);
    else if (command === 'worker') await serve(config, false, rest);
    else if (command === 'keys') await keys(config, rest);
    else if (command === 'accounts') await accounts(config, rest);
    else fail(`unknown command "${command}"\n\n${USAGE}`);
    return 0;
  } catch (error) {
    console.error(`pdf-service: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}
