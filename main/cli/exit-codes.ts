/** The CLI's exit codes, the same for every command. */
export const EXIT = {
  /** Success; for verification: verified. */
  OK: 0,
  /** A mismatch or a failed verification. */
  MISMATCH: 1,
  /** A usage or runtime error; for verification: unreadable (the file or its receipt could not be read, or is not a receipt). */
  ERROR: 2,
  /**
   * Pending, unknown, or partially verified (some step could not be checked); a write in doubt; a
   * wait stopped by Ctrl+C (`notarise --wait`: the files stay registered); a receipt still pending (`receipt upgrade`).
   */
  PENDING: 3,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
