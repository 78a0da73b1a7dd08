// The Python client's side of docs/api.md §2b against a real server: the admin
// client makes an account and a merge-only key, the key's client mints a browser
// token, a client holding only the token merges and is refused split, and the
// usage report counts the merge. The script runs with Debian's python3 (httpx);
// asynchronously, since the server answering it runs in this process.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qpdfPages } from '../helpers/keys.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let scratch: string;
const adminToken = crypto.randomBytes(24).toString('hex');

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-py-keys-'));
  fs.writeFileSync(path.join(scratch, 'admin-token'), adminToken, { mode: 0o600 });
  server = await startTestServer({ ADMIN_TOKEN_FILE: path.join(scratch, 'admin-token') });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const SCRIPT = `
import json, os, sys
sys.path.insert(0, os.path.join(os.environ["ROOT"], "clients/python"))
from pdf_service import PdfAdminClient, PdfClient, PermissionDeniedError
url, out = os.environ["URL"], os.environ["OUT"]
with PdfAdminClient(url, os.environ["ADMIN_TOKEN"]) as admin:
    admin.create_account("py-shop", "pro")
    key = admin.create_key("py-shop", scopes=["merge"], name="web")
    with PdfClient(url, key["key"]) as backend:
        token = backend.create_token(ttl_seconds=120, max_uses=2, origin="https://app.example")
    with PdfClient(url, token["token"]) as page:
        page._http.headers["Origin"] = "https://app.example"
        page.merge([os.environ["A"], os.environ["B"]]).save(out)
        try:
            page.split(os.environ["A"], mode="extract", pages="1")
            refused = None
        except PermissionDeniedError as error:
            refused = error.code
    rotated = admin.rotate_key(key["prefix"], grace_seconds=0)
    admin.revoke_key(rotated["prefix"])
    print(json.dumps({"token": token, "refused": refused, "usage": admin.account_usage("py-shop")["days"][-1],
                      "keys": [(k["prefix"], k["revoked_at"] is not None) for k in admin.list_keys("py-shop")], "rotated": rotated["replaces"] == key["prefix"]}))
`;

describe('Python client: keys, tokens, admin', () => {
  it('an operator makes a merge-only key; a server mints an origin-bound token; the page merges with it', async () => {
    const script = path.join(scratch, 'flow.py');
    fs.writeFileSync(script, SCRIPT);
    const out = path.join(scratch, 'merged.pdf');
    const env = {
      ...process.env,
      ROOT,
      URL: server.url,
      OUT: out,
      ADMIN_TOKEN: adminToken,
      A: corpus('trivial.pdf'),
      B: corpus('multipage.pdf'),
    };
    const result = await run('/usr/bin/python3', [script], env);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout.trim().split('\n').pop()!) as Record<string, any>;
    expect(report.token.token).toMatch(/^pdf_tok_/);
    expect(report.token).toMatchObject({ scopes: ['merge'], max_uses: 2, origin: 'https://app.example' });
    expect(report.refused).toBe('insufficient_scope');
    expect(report.usage).toMatchObject({ requests: 1, by_operation: { merge: 1 } });
    expect(report.rotated).toBe(true);
    expect(report.keys.map((k: [string, boolean]) => k[1])).toEqual([true, true]);
    expect(await qpdfPages(out)).toBe(
      (await qpdfPages(corpus('trivial.pdf'))) + (await qpdfPages(corpus('multipage.pdf'))),
    );
  });
});

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
