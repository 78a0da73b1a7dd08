// Configuration (src/config.ts): every invalid setting is reported at once,
// each with its variable and what it accepts, never with its value (a value
// may be a secret); the command line exits 1 with all of them.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ROOT } from '../helpers/server.js';

const BAD = {
  PORT: 'eighty',
  TOOL_NICE: '25',
  MAX_PAGES: '0',
  OPERATION_TIMEOUT: '1.5',
  METRICS_ENABLED: 'yes',
  LOG_LEVEL: 'loud',
};

function problemsOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('configuration', () => {
  it('reports every invalid setting at once, each with what it accepts', () => {
    const error = problemsOf({ ...BAD, MAX_FILES: '7', HOST: '0.0.0.0' });
    expect(error.problems).toEqual([
      { variable: 'PORT', problem: 'is not a whole number', accepts: 'a whole number from 0 to 65535' },
      { variable: 'MAX_PAGES', problem: 'is below 1', accepts: 'a whole number ≥ 1' },
      { variable: 'OPERATION_TIMEOUT', problem: 'is not a whole number', accepts: 'a whole number of seconds ≥ 1' },
      { variable: 'METRICS_ENABLED', problem: 'is not a boolean', accepts: 'true, false, 1 or 0' },
      {
        variable: 'LOG_LEVEL',
        problem: 'is not a log level',
        accepts: 'fatal, error, warn, info, debug, trace or silent',
      },
      { variable: 'TOOL_NICE', problem: 'is above 19', accepts: 'a whole number from 0 to 19' },
    ]);
    expect(error.message.split('\n')).toHaveLength(1 + 6);
  });

  it('never repeats a value (it may be a secret)', () => {
    const error = problemsOf({ PORT: 'hunter2-secret', SHUTDOWN_GRACE: 's3cr3t' });
    expect(error.problems.map((p) => p.variable)).toEqual(['PORT', 'SHUTDOWN_GRACE']);
    expect(error.message).not.toMatch(/hunter2|s3cr3t/);
  });

  it('accepts a valid environment, empty variables counting as unset', () => {
    const config = loadConfig({
      PORT: '0',
      TOOL_NICE: '19',
      METRICS_ENABLED: '0',
      LOG_LEVEL: 'warn',
      OPERATION_TIMEOUT: '',
      HOST: '',
    });
    expect(config).toMatchObject({
      PORT: 0,
      TOOL_NICE: 19,
      METRICS_ENABLED: false,
      LOG_LEVEL: 'warn',
      OPERATION_TIMEOUT: 120_000,
      HOST: '127.0.0.1',
    });
  });

  it('the command line exits 1 naming every invalid setting', async () => {
    const failed = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/pdf-service'), 'keys', 'list'], {
      env: { ...process.env, ...BAD },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    for (const variable of Object.keys(BAD)) expect(failed?.stderr).toContain(`  ${variable} `);
  });
});
