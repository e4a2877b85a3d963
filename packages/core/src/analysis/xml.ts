import { fail } from "../shared/errors.ts";
import { fmtInt } from "./errors.ts";

/**
 * A small, strict, non-validating XML tokenizer for 3MF parts (DOMParser is not available in
 * every Worker or Lambda runtime). It refuses DTDs and entity declarations outright (no
 * billion-laughs, no external entities), knows only the five predefined entities and numeric
 * character references, and rejects duplicated attributes and unbalanced tags.
 */
export interface XmlHandler {
  open(name: string, attrs: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
}

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(s: string, part: string, line: () => number): string {
  if (s.indexOf("&") === -1) return s;
  return s.replace(/&([^;&\s]{0,12});?/g, (m, name: string) => {
    if (!m.endsWith(";")) throw fail("xml_bad_entity", { part, entity: 'a stray "&"', line: fmtInt(line()) });
    const p = PREDEFINED[name];
    if (p !== undefined) return p;
    const num = /^#x([0-9a-fA-F]{1,6})$/.exec(name) ?? /^#([0-9]{1,7})$/.exec(name);
    if (num) {
      const code = parseInt(num[1]!, name[1] === "x" ? 16 : 10);
      if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
    }
    throw fail("xml_bad_entity", { part, entity: `an unknown entity "&${name.slice(0, 12)};"`, line: fmtInt(line()) });
  });
}

const isNameChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 58 || c === 95 || c === 45 || c === 46 || c > 127;
const isWs = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

export function parseXml(xml: string, part: string, handler: XmlHandler): void {
  const len = xml.length;
  let i = 0;
  const stack: string[] = [];
  let sawRoot = false;
  const lineAt = (p: number) => {
    let n = 1;
    for (let k = 0; k < p && k < len; k++) if (xml.charCodeAt(k) === 10) n++;
    return n;
  };
  const malformed = (what: string, at: number): never => {
    throw fail("xml_malformed", { part, what: `${what} (line ${fmtInt(lineAt(at))})` });
  };
  if (xml.charCodeAt(0) === 0xfeff) i = 1;
  while (i < len) {
    const lt = xml.indexOf("<", i);
    if (lt === -1) {
      if (xml.slice(i).trim() !== "") malformed("text after the last element", i);
      break;
    }
    if (stack.length === 0 && xml.slice(i, lt).trim() !== "") malformed("text outside the root element", i);
    const c1 = xml.charCodeAt(lt + 1);
    if (c1 === 33 /* ! */) {
      if (xml.startsWith("<!--", lt)) {
        const e = xml.indexOf("-->", lt + 4);
        if (e === -1) malformed("an unclosed comment", lt);
        i = e + 3;
        continue;
      }
      if (xml.startsWith("<![CDATA[", lt)) {
        const e = xml.indexOf("]]>", lt + 9);
        if (e === -1) malformed("an unclosed CDATA section", lt);
        i = e + 3;
        continue;
      }
      const head = xml.slice(lt, lt + 10).toUpperCase();
      if (head.startsWith("<!DOCTYPE") || head.startsWith("<!ENTITY") || head.startsWith("<!ELEMENT") || head.startsWith("<!ATTLIST")) {
        throw fail("xml_entities", { part, declaration: head.slice(2, 9).trim() });
      }
      malformed("an unknown <! declaration", lt);
    }
    if (c1 === 63 /* ? */) {
      const e = xml.indexOf("?>", lt + 2);
      if (e === -1) malformed("an unclosed processing instruction", lt);
      i = e + 2;
      continue;
    }
    if (c1 === 47 /* / */) {
      let p = lt + 2;
      while (p < len && isNameChar(xml.charCodeAt(p))) p++;
      const name = xml.slice(lt + 2, p);
      while (p < len && isWs(xml.charCodeAt(p))) p++;
      if (xml.charCodeAt(p) !== 62) malformed(`a broken closing tag </${name.slice(0, 30)}`, lt);
      const top = stack.pop();
      if (top !== name) malformed(`</${name.slice(0, 30)}> closes <${(top ?? "nothing").slice(0, 30)}>`, lt);
      handler.close(name);
      i = p + 1;
      continue;
    }
    // start tag
    let p = lt + 1;
    while (p < len && isNameChar(xml.charCodeAt(p))) p++;
    const name = xml.slice(lt + 1, p);
    if (name === "") malformed("a '<' that does not start a tag", lt);
    if (stack.length === 0 && sawRoot) malformed("a second root element", lt);
    const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
    let selfClosing = false;
    for (;;) {
      while (p < len && isWs(xml.charCodeAt(p))) p++;
      const c = xml.charCodeAt(p);
      if (c === 62) {
        p++;
        break;
      }
      if (c === 47) {
        if (xml.charCodeAt(p + 1) !== 62) malformed(`a broken tag <${name.slice(0, 30)}`, lt);
        selfClosing = true;
        p += 2;
        break;
      }
      if (p >= len) malformed(`an unclosed tag <${name.slice(0, 30)}`, lt);
      const ns = p;
      while (p < len && isNameChar(xml.charCodeAt(p))) p++;
      const an = xml.slice(ns, p);
      if (an === "") malformed(`an unexpected character in tag <${name.slice(0, 30)}`, lt);
      while (p < len && isWs(xml.charCodeAt(p))) p++;
      if (xml.charCodeAt(p) !== 61) malformed(`attribute ${an.slice(0, 30)} without a value`, lt);
      p++;
      while (p < len && isWs(xml.charCodeAt(p))) p++;
      const q = xml.charCodeAt(p);
      if (q !== 34 && q !== 39) malformed(`attribute ${an.slice(0, 30)} without quotes`, lt);
      const e = xml.indexOf(q === 34 ? '"' : "'", p + 1);
      if (e === -1) malformed(`an unclosed attribute value`, lt);
      const raw = xml.slice(p + 1, e);
      if (raw.indexOf("<") !== -1) malformed(`a '<' inside attribute ${an.slice(0, 30)}`, lt);
      if (an in attrs) {
        throw fail("xml_duplicate_attribute", { part, attribute: an.slice(0, 30), element: name.slice(0, 30), line: fmtInt(lineAt(lt)) });
      }
      attrs[an] = decodeEntities(raw, part, () => lineAt(lt));
      p = e + 1;
    }
    sawRoot = true;
    handler.open(name, attrs, selfClosing);
    if (selfClosing) handler.close(name);
    else stack.push(name);
    i = p;
  }
  if (stack.length > 0)
    throw fail("xml_malformed", { part, what: `it ends before <${stack[stack.length - 1]!.slice(0, 30)}> is closed; it may be cut short` });
  if (!sawRoot) throw fail("xml_malformed", { part, what: "it is empty or is not XML at all" });
}
