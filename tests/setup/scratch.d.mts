/** The directory for tests' throw-away files: /dev/shm where it has room, else the system's temporary directory. */
export function scratchDir(): string;
