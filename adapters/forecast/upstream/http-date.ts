// The three forms an HTTP-date may take (RFC 9110 §5.6.7). Checked before Date.parse, which reads almost
// anything as a date: "-1" as the year -1, "1.5" as a day of 2001, "3000" as the year 3000.
const IMF_FIXDATE = /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/;
const RFC_850 = /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME = /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/** An HTTP-date header value as epoch ms; undefined when it is no HTTP-date. */
export function httpDate(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  // asctime names no zone; HTTP dates are all GMT, and Date.parse would take the machine's own.
  const date = IMF_FIXDATE.test(text) || RFC_850.test(text) ? text : ASCTIME.test(text) ? `${text} GMT` : undefined;
  const at = date === undefined ? Number.NaN : Date.parse(date);
  return Number.isNaN(at) ? undefined : at;
}
