// Usernames that imitate real ones, for the tests that must refuse them.

/** Look-alikes of real names: case, other scripts, width, invisible and combining characters. */
export const CONFUSABLES = [
  "Admin",
  "ADMIN",
  "аdmin", // Cyrillic а
  "admіn", // Cyrillic і
  "ａｄｍｉｎ", // full-width
  "ad\u200bmin", // zero-width space
  "adm\u200din", // zero-width joiner
  "\ufeffadmin", // byte-order mark
  "admi\u0301n", // combining acute accent
  "a\u0308dmin", // combining diaeresis
  "\u212aelvin", // Kelvin sign K
  "adm\u0130n", // İ (lowercases to i + combining dot)
  "ﬁlipe", // the ligature ﬁ
  "admin\u00a0", // no-break space
];
