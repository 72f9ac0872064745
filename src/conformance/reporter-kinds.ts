/** The report formats of `conformance` and `conformance diff` (their own module: the CLI needs them up front). */

/** The report formats `conformance --reporter` takes. */
export const REPORTERS = ['console', 'junit', 'json', 'markdown'] as const;

/** The report formats `conformance diff --reporter` takes. */
export const DIFF_REPORTERS = ['console', 'json', 'markdown', 'junit'] as const;
