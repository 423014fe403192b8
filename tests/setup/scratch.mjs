import { accessSync, constants, statfsSync } from "node:fs";
import os from "node:os";

// Where tests keep their throw-away files (the embedded databases' copies,
// the e2e servers' data, the fault tests' directories): the machine's memory
// file system (/dev/shm) when there is one with room to spare, else the
// system's temporary directory. PGlite writes through real files page by
// page; on a disk shared with PostgreSQL and the build each write waits on
// the journal, in memory it does not. VITRINE_SCRATCH overrides the choice.
const ROOM = 2 * 1024 ** 3;

export function scratchDir() {
  if (process.env.VITRINE_SCRATCH) return process.env.VITRINE_SCRATCH;
  try {
    accessSync("/dev/shm", constants.W_OK);
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= ROOM) return "/dev/shm";
  } catch {
    // no memory file system here
  }
  return os.tmpdir();
}
