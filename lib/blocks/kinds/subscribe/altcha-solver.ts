// The worker's one script for the sign-up form's proof of work, under public/:
// altcha-lib's own files bundled into one classic script by
// scripts/vendor-altcha.mjs, served from our own origin and cached for good
// under its versioned address (its version is altcha-lib's, checked by
// lib/blocks/kinds/subscribe/send-sign-up.test.ts).

export const SOLVER_PATH = "/altcha/2.8.0/solver.js";
