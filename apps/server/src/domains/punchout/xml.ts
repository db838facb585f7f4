import { SaxesParser, type SaxesTagPlain } from 'saxes';

/*
 * The XML reader of PunchOut documents (docs/punchout.md, "Hostile documents"). saxes expands
 * only the five predefined entities and never reads a DTD; a document whose DOCTYPE declares
 * anything (an internal subset: ENTITY, ELEMENT ...) is refused before its body is read, which
 * refuses billion laughs and external entities outright. Size, depth and element count are
 * bounded so no document can hold the event loop.
 */

/** The largest document the PunchOut routes read (cXML carts of a few hundred lines are ~200 KB). */
export const XML_MAX_BYTES = 1024 * 1024;
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

export const XML_TOO_LARGE = '文档过大（不超过 1 MB）';
export const XML_MALFORMED = 'XML 格式错误';
export const XML_DTD_REFUSED = '不接受含实体或内部 DTD 声明的文档';

export interface XmlElement {
  /** The element's name without its namespace prefix. */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (its direct text and CDATA), trimmed. */
  text: string;
}

/** A document refused with the reason a buyer's system is told (the cXML Status text). */
export class XmlRefused extends Error {}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses a whole document into elements, or throws XmlRefused with the Chinese reason. */
export function parseXml(source: string): XmlElement {
  if (Buffer.byteLength(source, 'utf8') > XML_MAX_BYTES) throw new XmlRefused(XML_TOO_LARGE);
  const parser = new SaxesParser({ xmlns: false });
  const stack: { el: XmlElement; text: string[] }[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  let refusal: string | null = null;

  parser.on('doctype', (doctype) => {
    // `<!DOCTYPE cXML SYSTEM "…cXML.dtd">` is how every cXML document starts and is accepted
    // (the DTD is never fetched); anything in brackets is an internal subset.
    if (doctype.includes('[') || /<!/.test(doctype)) refusal = XML_DTD_REFUSED;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (refusal) return;
    count += 1;
    if (count > MAX_ELEMENTS || stack.length >= MAX_DEPTH) {
      refusal = XML_TOO_LARGE;
      return;
    }
    const attributes: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes))
      attributes[k === 'xml:lang' ? k : local(k)] = v;
    const el: XmlElement = { name: local(tag.name), attributes, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.el.children.push(el);
    else root ??= el;
    stack.push({ el, text: [] });
  });
  const onText = (text: string) => {
    stack.at(-1)?.text.push(text);
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const done = stack.pop();
    if (done) done.el.text = done.text.join('').trim();
  });
  parser.on('error', () => {
    refusal ??= XML_MALFORMED;
  });

  const body = source.startsWith('\uFEFF') ? source.slice(1) : source;
  try {
    // Written in slices so a refusal (a DOCTYPE subset, too many elements) stops the read early.
    for (let i = 0; i < body.length && !refusal; i += 16_384)
      parser.write(body.slice(i, i + 16_384));
    if (!refusal) parser.close();
  } catch {
    refusal ??= XML_MALFORMED;
  }
  if (refusal) throw new XmlRefused(refusal);
  if (!root) throw new XmlRefused(XML_MALFORMED);
  return root;
}

/** The first child of that name, following a path of names. */
export function child(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = el;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

export const children = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el?.children.filter((c) => c.name === name) ?? [];

/** The text at a path, '' when any step is missing. */
export const textAt = (el: XmlElement | undefined, ...path: string[]): string =>
  child(el, ...path)?.text ?? '';

/** Escapes text and attribute values for the documents the shop writes. */
export function escapeXml(value: string): string {
  return (
    value
      // XML 1.0 cannot carry control characters (not even escaped), so they are dropped.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
