import { MAX_UPLOAD_MB } from "@printhood/core/shared/sizes";
import { UPLOAD_FORMATS } from "@printhood/core/shared/uploads";
import { listInWords } from "@printhood/core/shared/words";

// The upload rules as the pages word them. The rules themselves (formats, size limit, messages)
// have one home, core/shared/uploads.ts, which the server checks too: these only put them in words.

/** "50 MB": the size limit (MB of 1,048,576 bytes, as the upload page measures files). */
export const MAX_UPLOAD_SIZE = `${MAX_UPLOAD_MB} MB`;

/** The accepted formats in a sentence: "STL, OBJ or 3MF" (or "STL, OBJ and 3MF"). */
export function uploadFormatsText(conjunction: "or" | "and" = "or"): string {
  return listInWords(
    UPLOAD_FORMATS.map((f) => f.toUpperCase()),
    conjunction,
  );
}

/** The file input's `accept`: ".stl,.obj,.3mf". */
export const UPLOAD_ACCEPT = UPLOAD_FORMATS.map((f) => `.${f}`).join(",");
