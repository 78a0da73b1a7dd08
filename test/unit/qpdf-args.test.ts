import { describe, expect, it } from 'vitest';
import { permissionArgs } from '../../src/tools/qpdf.js';

describe('permissionArgs', () => {
  it('maps every permission flag to qpdf restrictions', () => {
    const all = { print: true, copy: true, modify: true, annotate: true, fillForms: true, assemble: true, accessibility: true };
    expect(permissionArgs(all)).toEqual(['--print=full', '--extract=y', '--modify-other=y', '--annotate=y', '--form=y', '--assemble=y', '--accessibility=y']);
    const none = { print: false, copy: false, modify: false, annotate: false, fillForms: false, assemble: false, accessibility: false };
    expect(permissionArgs(none)).toEqual(['--print=none', '--extract=n', '--modify-other=n', '--annotate=n', '--form=n', '--assemble=n', '--accessibility=n']);
  });
});
