/** A configuration problem of a conformance run (bad flag, file or account): exit code 2. */
export class UsageError extends Error {}
