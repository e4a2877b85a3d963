import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API_SERVICE } from "@printhood/core";
import { REQUEST_LINE } from "@printhood/functions/api/middleware/request-log";
import { setLogWriter } from "@printhood/functions/lib/observability";

/**
 * Local mode's CloudWatch Logs: the functions' JSON lines (the same lines Lambda writes to
 * stdout, metrics included) go to one file per function, `<dir>/<function>.log` (api.log,
 * analysis.log, notify.log…). `npm start` keeps them in `.local/logs/`; each test stack in a
 * folder of its own, removed when the stack closes. Each API request can also be told in one
 * short line for a person (`onRequest`: the terminal of `npm start`).
 */
export interface LocalLogs {
  dir: string;
  close(): void;
}

export interface LocalLogsOptions {
  /** The folder of the files; absent: a new temporary folder, removed on close. */
  dir?: string;
  /** Called with a short readable line for each API request. */
  onRequest?: (line: string) => void;
}

interface RequestRecord {
  timestamp?: string;
  level?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  requestId?: string;
}

/** `14:02:03 POST /api/login 200 183 ms  ref 0b6f…`: what happened, and the reference to find its lines by (the site's "Reference: …"). */
export function readableRequestLine(r: RequestRecord): string {
  const time = r.timestamp ? new Date(r.timestamp).toTimeString().slice(0, 8) : "";
  return `${time} ${r.method ?? ""} ${r.path ?? ""} ${r.status ?? ""} ${r.durationMs ?? ""} ms  ref ${r.requestId ?? ""}`.trim();
}

/** Service names become file names: ours are kebab-case, anything else is refused rather than written. */
const SERVICE_NAME = /^[a-z][a-z0-9-]*$/;

export function startLocalLogs(options: LocalLogsOptions = {}): LocalLogs {
  const temporary = !options.dir;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "printhood-logs-"));
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, number>();
  const fileOf = (service: string) => {
    let fd = files.get(service);
    if (fd === undefined) {
      if (!SERVICE_NAME.test(service)) throw new Error(`Not a function's name: ${JSON.stringify(service)}`);
      fd = openSync(join(dir, `${service}.log`), "a");
      files.set(service, fd);
    }
    return fd;
  };
  // Written at once, in order: a test (or a person) reads the file right after the request.
  setLogWriter((service, line) => {
    writeSync(fileOf(service), `${line}\n`);
    if (options.onRequest && service === API_SERVICE && line.includes(`"message":"${REQUEST_LINE}"`)) {
      options.onRequest(readableRequestLine(JSON.parse(line) as RequestRecord));
    }
  });
  return {
    dir,
    close() {
      setLogWriter(undefined);
      for (const fd of files.values()) closeSync(fd);
      files.clear();
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
