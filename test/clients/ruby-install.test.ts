// The Ruby client installs as its README says — `gem build` then `gem install --local` from a
// clone — into a GEM_HOME in a scratch directory, and then works from a clean directory: one
// merge against a real server, checked with qpdf; the code loaded is the installed gem's.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageCountOf } from '../helpers/pdf.js';
import { corpus, ROOT, startTestServer, type TestServer } from '../helpers/server.js';

// The server runs in this process: a client call must not block its event loop (execFile, not execFileSync).
const run = promisify(execFile);
let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-client-rb-install-'));
});
afterAll(async () => {
  await server.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('Ruby client installation from the clone', () => {
  it('`gem build pdf_service.gemspec` + `gem install --local` into a fresh GEM_HOME, then a merge from a clean directory', async () => {
    // A copy of the folder, as a clone has it: gem build writes the .gem beside the gemspec.
    const source = path.join(scratch, 'clone/clients/ruby');
    fs.cpSync(path.join(ROOT, 'clients/ruby'), source, { recursive: true, filter: (from) => !from.endsWith('.gem') });
    const gemHome = path.join(scratch, 'gems');
    // Only this GEM_HOME (and Ruby's default gems): nothing resolves back into the repository.
    const env = { ...process.env, GEM_HOME: gemHome, GEM_PATH: gemHome, HOME: scratch, RUBYLIB: '', RUBYOPT: '' };
    await run('gem', ['build', 'pdf_service.gemspec'], { cwd: source, env });
    const gems = fs.readdirSync(source).filter((f) => f.endsWith('.gem'));
    expect(gems).toEqual([expect.stringMatching(/^pdf_service-\d+\.\d+\.\d+\.gem$/)]);
    await run('gem', ['install', '--local', gems[0]], { cwd: source, env });

    const app = path.join(scratch, 'app');
    fs.mkdirSync(app);
    const script = `require "pdf_service"
client = PdfService::Client.new(base_url: ARGV[0], api_key: ARGV[1])
client.merge([ARGV[2], ARGV[2], ARGV[2]]).save(ARGV[3])
puts Gem.loaded_specs.fetch("pdf_service").full_gem_path
`;
    fs.writeFileSync(path.join(app, 'main.rb'), script);
    const output = path.join(app, 'merged.pdf');
    const { stdout } = await run('ruby', ['main.rb', server.url, server.newKey(), corpus('trivial.pdf'), output], {
      cwd: app,
      env,
    });
    expect(pageCountOf(output)).toBe(3);
    expect(stdout.trim().startsWith(gemHome)).toBe(true);
  });
});
