/**
 * Projects of several parts (issue 22): how a project is named and counted. Pure: the server's
 * answers and the screens read the same rules. The limits (20 parts, 1 to 1,000 copies) are in
 * ./sizes.ts with the other sizes.
 */

/** "bracket.stl" for one part; "bracket.stl + 2 more" for three: the order's one file name. */
export function projectFileName(fileNames: readonly string[]): string {
  const [first = "design", ...rest] = fileNames;
  return rest.length ? `${first} + ${rest.length} more` : first;
}

/** Every copy of every part: "14 copies of 3 parts". */
export function copiesInWords(parts: readonly { quantity: number }[]): string {
  const copies = parts.reduce((n, p) => n + p.quantity, 0);
  const partWord = parts.length === 1 ? "1 part" : `${parts.length} parts`;
  return `${copies} ${copies === 1 ? "copy" : "copies"} of ${partWord}`;
}
