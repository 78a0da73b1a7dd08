import { describe, expect, it } from 'vitest';
import { encryptJob, permissionJson } from '../../src/tools/qpdf.js';

describe('permissionJson', () => {
  it('maps every permission flag to qpdf restrictions', () => {
    const all = {
      print: true,
      copy: true,
      modify: true,
      annotate: true,
      fillForms: true,
      assemble: true,
      accessibility: true,
    };
    expect(permissionJson(all)).toEqual({
      print: 'full',
      extract: 'y',
      modifyOther: 'y',
      annotate: 'y',
      form: 'y',
      assemble: 'y',
      accessibility: 'y',
    });
    const none = {
      print: false,
      copy: false,
      modify: false,
      annotate: false,
      fillForms: false,
      assemble: false,
      accessibility: false,
    };
    expect(permissionJson(none)).toEqual({
      print: 'none',
      extract: 'n',
      modifyOther: 'n',
      annotate: 'n',
      form: 'n',
      assemble: 'n',
      accessibility: 'n',
    });
  });
});

describe('encryptJob', () => {
  it('passes passwords as JSON strings, never as arguments qpdf could read as options', () => {
    const permissions = {
      print: true,
      copy: true,
      modify: true,
      annotate: true,
      fillForms: true,
      assemble: true,
      accessibility: true,
    };
    const job = encryptJob(
      'in.pdf',
      'out.pdf',
      { userPassword: '--', ownerPassword: '-secret', bits: 128, permissions },
      '@/etc/passwd',
    );
    expect(job).toMatchObject({
      inputFile: 'in.pdf',
      outputFile: 'out.pdf',
      password: '@/etc/passwd',
      encrypt: { userPassword: '--', ownerPassword: '-secret', '128bit': { useAes: 'y' } },
    });
    expect(encryptJob('a', 'b', { userPassword: '', ownerPassword: 'o', bits: 256, permissions })).not.toHaveProperty(
      'password',
    );
  });
});
