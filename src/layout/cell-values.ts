// Typed values of table cells for spreadsheets: the text a PDF shows
// ("1,234.50", "(87)", "12.5%", "$1,200", "2024-03-15", "15 March 2024")
// read as a number or date with the number format that shows it the same way.
// Anything that does not parse without guessing stays text: "03/04/2024"
// (day or month first?), "007" (a code, not seven), digit strings longer than
// a double holds exactly, European "1.234,5".

/** A cell value: text, or a number/date (days since 1899-12-30, as spreadsheets count) with its display format. */
export type CellValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number; format: string; text: string }
  | { kind: 'date'; value: number; format: string; text: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const CURRENCY: Record<string, string> = { $: '"$"', '€': '"€"', '£': '"£"', '¥': '"¥"' };

/** `digits` decimals: "0.00" style fraction part of a format. */
const decimals = (digits: number) => (digits > 0 ? `.${'0'.repeat(digits)}` : '');

/** Days since 1899-12-30 (the spreadsheet epoch) of a valid calendar date; undefined otherwise. */
function serialOf(year: number, month: number, day: number): number | undefined {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return undefined;
  const ms = Date.UTC(year, month - 1, day);
  if (new Date(ms).getUTCDate() !== day) return undefined;
  return Math.round((ms - Date.UTC(1899, 11, 30)) / 86400000);
}

function monthOf(word: string): number | undefined {
  const i = MONTHS.indexOf(word.slice(0, 3).toLowerCase());
  return i >= 0 && /^[a-z]+\.?$/i.test(word) ? i + 1 : undefined;
}

function dateOf(text: string): CellValue | undefined {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (m) {
    const value = serialOf(+m[1], +m[2], +m[3]);
    return value === undefined ? undefined : { kind: 'date', value, format: 'yyyy-mm-dd', text };
  }
  // "15 March 2024" / "15 Mar 2024"
  m = /^(\d{1,2}) ([A-Za-z]+\.?) (\d{4})$/.exec(text);
  if (m && monthOf(m[2])) {
    const value = serialOf(+m[3], monthOf(m[2])!, +m[1]);
    return value === undefined
      ? undefined
      : { kind: 'date', value, format: m[2].length > 4 ? 'd mmmm yyyy' : 'd mmm yyyy', text };
  }
  // "March 15, 2024" / "Mar 15, 2024"
  m = /^([A-Za-z]+\.?) (\d{1,2}), (\d{4})$/.exec(text);
  if (m && monthOf(m[1])) {
    const value = serialOf(+m[3], monthOf(m[1])!, +m[2]);
    return value === undefined
      ? undefined
      : { kind: 'date', value, format: m[1].length > 4 ? 'mmmm d, yyyy' : 'mmm d, yyyy', text };
  }
  // "31/12/2024" or "12/31/2024": a date only when one reading alone is valid (a day above 12 decides).
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (m) {
    const a = +m[1];
    const b = +m[2];
    const dayFirst = a > 12 ? serialOf(+m[3], b, a) : undefined;
    const monthFirst = b > 12 ? serialOf(+m[3], a, b) : undefined;
    if (dayFirst !== undefined) return { kind: 'date', value: dayFirst, format: 'dd/mm/yyyy', text };
    if (monthFirst !== undefined) return { kind: 'date', value: monthFirst, format: 'mm/dd/yyyy', text };
  }
  return undefined;
}

const NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

function numberOf(text: string): CellValue | undefined {
  let body = text.replace(/\u2212/g, '-');
  let negative = false;
  let parens = false;
  if (/^\(.*\)$/.test(body)) {
    parens = true;
    negative = true;
    body = body.slice(1, -1).trim();
  }
  if (/^[-+]/.test(body)) {
    if (parens) return undefined;
    negative = body[0] === '-';
    body = body.slice(1).trim();
  }
  let currency: string | undefined;
  const prefix = /^([$€£¥])\s?/.exec(body);
  const suffix = /\s?([$€£¥])$/.exec(body);
  if (prefix) {
    currency = prefix[1];
    body = body.slice(prefix[0].length);
  } else if (suffix) {
    currency = suffix[1];
    body = body.slice(0, -suffix[0].length);
  }
  // A minus after the currency sign ("$-5") reads as well as before it.
  if (!negative && !parens && body.startsWith('-')) {
    negative = true;
    body = body.slice(1);
  }
  let percent = false;
  if (body.endsWith('%') && !currency) {
    percent = true;
    body = body.slice(0, -1).trimEnd();
  }
  const m = NUMBER.exec(body);
  if (!m) return undefined;
  const grouped = m[1].includes(',');
  const digits = m[1].replace(/,/g, '');
  // A leading zero ("007", "0123") is an identifier; long digit runs lose precision as doubles.
  if ((digits.length > 1 && digits.startsWith('0')) || digits.length + (m[2]?.length ?? 0) > 15) return undefined;
  const fraction = m[2]?.length ?? 0;
  let value = Number(`${digits}${m[2] ? `.${m[2]}` : ''}`);
  if (negative) value = -value;
  let core = `${grouped ? '#,##0' : '0'}${decimals(fraction)}`;
  if (percent) {
    value = Number((value / 100).toPrecision(15));
    core = `0${decimals(fraction)}%`;
  }
  if (currency) {
    const sign = CURRENCY[currency];
    core = prefix ? `${sign}${core}` : `${core} ${sign}`;
  }
  const format = parens ? `${core};(${core})` : core;
  return { kind: 'number', value, format, text };
}

/** The typed value of a cell showing `raw`. */
export function cellValue(raw: string): CellValue {
  const text = raw.trim();
  if (text === '') return { kind: 'text', text: '' };
  return numberOf(text) ?? dateOf(text) ?? { kind: 'text', text };
}
