/**
 * The model's orders, the same on every machine: never the default locale's collation, which follows the
 * process's LANG (under lt_LT "Y" sorts between "I" and "J"; under da_DK "aa" sorts after "b").
 */

/** Code-unit order: for ids (zone, office and radar ids, alert ids, product ids, cursors' ids). */
export function idOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Upper-case letters and digits alone: a zone's, a county's or an office's id (KSZ009, TOP). */
const ID = /^[A-Z0-9]*$/;
let english: Intl.Collator | undefined;

/**
 * Human text (event names, headlines) in English collation, whatever the machine's locale. Where both are ids
 * of upper-case letters and digits it compares code units instead, as English collation orders them (digits
 * before letters, letters alphabetically, a prefix first), without starting ICU's collator: its start is
 * ~4.5 ms of CPU in a fresh process, paid by its first alerts (issue 40 item 4).
 */
export function textOrder(a: string, b: string): number {
  if (ID.test(a) && ID.test(b)) return idOrder(a, b);
  return (english ??= new Intl.Collator('en')).compare(a, b);
}
