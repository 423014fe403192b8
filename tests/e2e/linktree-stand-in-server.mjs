// The Linktree stand-in as a web server of playwright.config.ts: `node tests/e2e/linktree-stand-in-server.mjs PORT`.
import { startLinktreeStandIn } from "../helpers/linktree-stand-in.mjs";

const standIn = await startLinktreeStandIn(Number(process.argv[2] ?? 0));
console.log(`Linktree stand-in on ${standIn.origin}`);
