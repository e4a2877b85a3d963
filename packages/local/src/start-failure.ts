/**
 * A failure of local mode's start that we expect and can explain: its message is the one line
 * `npm start` prints (what failed and what to do), without a stack trace.
 */
export class StartFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartFailure";
  }
}

/** Thrown when the start was stopped (Ctrl-C) before it finished: not a failure to report. */
export class StartAborted extends Error {
  constructor() {
    super("the start was stopped");
    this.name = "StartAborted";
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StartAborted();
}

/** What the data folder is called in messages: `.local/` for npm start, else its path. */
export function dataDirName(dataDir: string): string {
  return dataDir.replace(/\/+$/, "").endsWith("/.local") ? ".local/" : `${dataDir}/`;
}

export const resetHint = (dataDir: string) => `delete ${dataDirName(dataDir)} and start again`;
