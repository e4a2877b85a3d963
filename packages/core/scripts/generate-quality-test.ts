/**
 * Writes the quality test piece (issue 21) to packages/web/public/downloads/printhood-quality-test.stl,
 * the file the site serves at QUALITY_TEST.downloadPath: `npm run generate:quality-test`. It is made
 * from the piece's steps (core/src/shared/quality-test.ts) by core/src/verification/test-piece.ts;
 * run this again after changing them (packages/core/test/verification/test-piece.test.ts fails
 * until the committed file is the generated one).
 */
import { writeFileSync } from "node:fs";
import { QUALITY_TEST } from "../src/shared/quality-test.ts";
import { testPieceStl } from "../src/verification/test-piece.ts";

const out = new URL(`../../web/public${QUALITY_TEST.downloadPath}`, import.meta.url);
const bytes = testPieceStl();
writeFileSync(out, bytes);
console.log(`${out.pathname}: ${bytes.length} bytes, ${(bytes.length - 84) / 50} triangles`);
