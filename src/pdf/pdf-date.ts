// PDF date strings (ISO 32000 §7.9.4, "D:YYYYMMDDHHmmSSOHH'mm'") to and from
// ISO 8601. Missing trailing parts take their defaults (month/day 01, time 00);
// no zone means local time of the writer, so none is given in ISO either.

/** ISO 8601 for a PDF date string, or null when it is not one. */
export function pdfDateToIso(value: string | undefined): string | null {
  if (!value) return null;
  const m = /^\s*(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz])|([+-])(\d{2})'?(\d{2})?'?)?/.exec(
    value,
  );
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', z, sign, oh, om = '00'] = m;
  if (
    Number(mo) < 1 ||
    Number(mo) > 12 ||
    Number(d) < 1 ||
    Number(d) > 31 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  )
    return null;
  const zone = z ? 'Z' : sign ? `${sign}${oh}:${om}` : '';
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}

/** ISO 8601 for an XMP date (already ISO-like; partial dates kept as they are), or null. */
export function xmpDateToIso(value: string | undefined): string | null {
  if (!value) return null;
  const v = value.trim();
  return /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/.test(v) ? v : null;
}

/** `date` as a PDF date string in UTC. */
export function toPdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** `date` as an XMP date (ISO 8601, UTC, seconds). */
export function toXmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
