// The DSS a file already carries, read so that a new b-lt/b-lta signature
// extends it instead of replacing it: each signature's validation data must
// stay (docs/operations/sign-verify.md, "Several long-term signatures").
// qpdf reads the objects; only references and hashes reach dss.ts.
import type { RunContext } from '../core/contract.js';
import { sha256, type ExistingDss } from '../pdf/dss.js';
import { readJson, readStreamData } from '../tools/qpdf.js';

const REF = /^(\d+) (\d+) R$/;
/** Existing streams hashed for de-duplication at most (their references are kept whatever their number). */
const MAX_HASHED = 1024;
/** qpdf's JSON of those streams (base64) is read into memory: bounded. */
const MAX_HASHED_JSON = 64 * 1024 * 1024;

/** qpdf's --json-object form of a reference. */
const objectArg = (ref: string) => ref.replace(/ R$/, '').replace(' ', ',');

/**
 * The DSS `dssValue` (the catalog's /DSS as qpdf JSON: a reference or a
 * dictionary) of `file`, or undefined when it is not a dictionary (then a new
 * one replaces it, as nothing in it can be kept meaningfully).
 */
export async function readExistingDss(
  run: RunContext,
  file: string,
  dssValue: unknown,
): Promise<ExistingDss | undefined> {
  const objects = async (refs: string[]): Promise<Record<string, { value?: unknown }>> =>
    refs.length ? ((await readJson(run, file, ['qpdf'], refs.map(objectArg))).qpdf?.[1] ?? {}) : {};
  let dss: unknown = dssValue;
  if (typeof dssValue === 'string' && REF.test(dssValue)) dss = (await objects([dssValue]))[`obj:${dssValue}`]?.value;
  if (!dss || typeof dss !== 'object' || Array.isArray(dss)) return undefined;
  const dict = dss as Record<string, unknown>;
  // Arrays and the VRI may be indirect objects of their own.
  const indirect = ['/Certs', '/OCSPs', '/CRLs', '/VRI']
    .map((k) => dict[k])
    .filter((v): v is string => typeof v === 'string' && REF.test(v));
  const resolved = await objects(indirect);
  const value = (key: string) => {
    const v = dict[key];
    return typeof v === 'string' && REF.test(v) ? resolved[`obj:${v}`]?.value : v;
  };
  const refs = (key: string) => {
    const v = value(key);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string' && REF.test(r)) : [];
  };
  const vri = value('/VRI');
  const [certs, ocsps, crls] = [refs('/Certs'), refs('/OCSPs'), refs('/CRLs')];
  const other = Object.fromEntries(
    Object.entries(dict).filter(([k]) => !['/Type', '/Certs', '/OCSPs', '/CRLs', '/VRI'].includes(k)),
  );
  const hashed = [...new Set([...certs, ...ocsps, ...crls])].slice(0, MAX_HASHED);
  const data = await readStreamData(run, file, hashed, MAX_HASHED_JSON);
  const known = new Map<string, string>();
  for (const [ref, bytes] of data) if (!known.has(sha256(bytes))) known.set(sha256(bytes), ref);
  return {
    certs,
    ocsps,
    crls,
    vri: vri && typeof vri === 'object' && !Array.isArray(vri) ? (vri as Record<string, unknown>) : {},
    other,
    known,
  };
}
