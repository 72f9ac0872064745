/** The report formats of `conformance` and `conformance diff` (their own module: the CLI needs them up front). */

/** The report formats `conformance --reporter` takes. */
export const REPORTERS = ['console', 'junit', 'json', 'markdown', 'html', 'github'] as const;

/** Formats that need no file: `console`, and `github` (annotations on stdout, summary to $GITHUB_STEP_SUMMARY). */
export const FILE_OPTIONAL: readonly string[] = ['console', 'github'];

/** The report formats `conformance diff --reporter` takes. */
export const DIFF_REPORTERS = ['console', 'json', 'markdown', 'junit'] as const;
