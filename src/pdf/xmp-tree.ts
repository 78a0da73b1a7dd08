// A small XML tree for XMP packets, built by saxes (a streaming parser) under
// limits checked while it reads: elements, attributes and nesting depth. Each
// element costs a constant amount of work here, so parsing, lookups and
// serializing are linear in the packet. @xmldom/xmldom, used before, spent
// ~10 µs per element and walked the whole tree once per property: a 3.6 MB
// packet of 900k empty elements blocked the event loop 3–7 s and took
// 1.5–2.3 GB. The depth cap also bounds saxes' own namespace lookups, which
// follow one prototype link per ancestor that declares a namespace.
import { SaxesParser, type SaxesAttributeNS, type XMLDecl } from 'saxes';

/** An element with its attributes in source order; `declared` holds the xmlns bindings it makes itself. */
export interface XmlElement {
  kind: 'element';
  name: string;
  uri: string;
  local: string;
  attributes: SaxesAttributeNS[];
  children: XmlNode[];
  parent: XmlElement | undefined;
}

export type XmlNode =
  | XmlElement
  | { kind: 'text'; text: string }
  | { kind: 'cdata'; text: string }
  | { kind: 'comment'; text: string }
  | { kind: 'pi'; target: string; body: string };

/** The parsed packet: what comes before the root (PIs, comments), the root, and what follows it. */
export interface XmlDocument {
  decl?: XMLDecl;
  before: XmlNode[];
  root: XmlElement;
  after: XmlNode[];
  /** Every element, in document order (lookups filter it once instead of walking the tree per property). */
  elements: XmlElement[];
}

/** How much of a packet is parsed at most. */
export interface XmlLimits {
  /** Elements plus attributes. */
  maxNodes: number;
  /** Nesting depth of elements. */
  maxDepth: number;
}

/** The packet is not well-formed XML (or has a DOCTYPE). */
export class XmlSyntaxError extends Error {}

/** The packet is larger than a limit allows; `limit` names which. */
export class XmlLimitError extends Error {
  constructor(
    message: string,
    readonly limit: 'nodes' | 'depth',
  ) {
    super(message);
  }
}

const XMLNS = 'http://www.w3.org/2000/xmlns/';

/**
 * Characters handed to saxes at a time. saxes reads ~15–20 MB/s here (a 4 MiB
 * packet is ~250 ms of work), so a packet is parsed in slices of a few
 * milliseconds with the event loop free between them.
 */
const SLICE_CHARS = 8 * 1024;

/**
 * Parses `xml` into a tree, calling `pause` between slices (to yield to the
 * event loop and check the operation's deadline); throws XmlLimitError as
 * soon as a limit is passed, XmlSyntaxError when malformed.
 */
export async function parseXml(
  xml: string,
  limits: XmlLimits,
  pause: () => Promise<void> = async () => {},
): Promise<XmlDocument> {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const before: XmlNode[] = [];
  const after: XmlNode[] = [];
  const elements: XmlElement[] = [];
  let decl: XMLDecl | undefined;
  let root: XmlElement | undefined;
  let current: XmlElement | undefined;
  let depth = 0;
  let nodes = 0;
  const add = (node: XmlNode) => {
    if (current) current.children.push(node);
    else (root ? after : before).push(node);
  };
  const count = (n: number) => {
    nodes += n;
    if (nodes > limits.maxNodes)
      throw new XmlLimitError(`more than ${limits.maxNodes} elements and attributes`, 'nodes');
  };
  parser.on('xmldecl', (d) => (decl = d));
  parser.on('doctype', () => {
    throw new XmlSyntaxError('a DOCTYPE');
  });
  parser.on('opentagstart', () => {
    depth++;
    if (depth > limits.maxDepth) throw new XmlLimitError(`elements nested more than ${limits.maxDepth} deep`, 'depth');
    count(1);
  });
  parser.on('attribute', () => count(1));
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      kind: 'element',
      name: tag.name,
      uri: tag.uri,
      local: tag.local,
      attributes: Object.values(tag.attributes),
      children: [],
      parent: current,
    };
    if (current) current.children.push(element);
    else root = element; // saxes refuses a second root
    elements.push(element);
    current = element;
  });
  parser.on('closetag', () => {
    depth--;
    current = current?.parent;
  });
  parser.on('text', (text) => add({ kind: 'text', text }));
  parser.on('cdata', (text) => add({ kind: 'cdata', text }));
  parser.on('comment', (text) => add({ kind: 'comment', text }));
  parser.on('processinginstruction', ({ target, body }) => add({ kind: 'pi', target, body }));
  parser.on('error', (error) => {
    throw new XmlSyntaxError(error.message);
  });
  const feed = (write: () => void) => {
    try {
      write();
    } catch (error) {
      if (error instanceof XmlLimitError || error instanceof XmlSyntaxError) throw error;
      throw new XmlSyntaxError(String(error));
    }
  };
  for (let at = 0; at < xml.length; at += SLICE_CHARS) {
    if (at > 0) await pause(); // outside feed: its TimeoutError goes to the caller as it is
    feed(() => parser.write(xml.slice(at, at + SLICE_CHARS)));
  }
  feed(() => parser.close());
  if (!root) throw new XmlSyntaxError('no root element');
  return { decl, before, root, after, elements };
}

/** The text of `element` and its descendants (CDATA included), like DOM textContent. */
export function textOf(element: XmlElement): string {
  const parts: string[] = [];
  const stack: XmlNode[] = [element];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'text' || node.kind === 'cdata') parts.push(node.text);
    else if (node.kind === 'element') for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return parts.join('');
}

/** Child elements of `element`. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((n): n is XmlElement => n.kind === 'element');
}

/** The value of the attribute `uri`:`local` of `element`, if it has one. */
export function attributeOf(element: XmlElement, uri: string, local: string): string | undefined {
  return element.attributes.find((a) => a.uri === uri && a.local === local)?.value;
}

/** The namespace `prefix` means at `element` (its own xmlns attributes, then its ancestors'). */
export function namespaceOf(element: XmlElement | undefined, prefix: string): string | undefined {
  for (let at = element; at; at = at.parent) {
    const binding = at.attributes.find((a) => a.uri === XMLNS && a.local === prefix && a.prefix === 'xmlns');
    if (binding) return binding.value;
  }
  return undefined;
}

/** A new element (`name` as prefix:local) with text or child elements. */
export function newElement(
  name: string,
  uri: string,
  parent: XmlElement,
  attributes: Array<[string, string, string]> = [],
): XmlElement {
  const [prefix, local] = name.includes(':') ? name.split(':', 2) : ['', name];
  return {
    kind: 'element',
    name,
    uri,
    local,
    attributes: attributes.map(([attrName, attrUri, value]) => {
      const [p, l] = attrName.includes(':') ? attrName.split(':', 2) : ['', attrName];
      return { name: attrName, prefix: p, local: l, uri: attrUri, value };
    }),
    children: [],
    parent,
  };
}

/** Declares `prefix` → `uri` on `element` (an xmlns:prefix attribute). */
export function declareNamespace(element: XmlElement, prefix: string, uri: string): void {
  element.attributes = element.attributes.filter(
    (a) => !(a.uri === XMLNS && a.local === prefix && a.prefix === 'xmlns'),
  );
  element.attributes.push({ name: `xmlns:${prefix}`, prefix: 'xmlns', local: prefix, uri: XMLNS, value: uri });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');

function serializeNode(node: XmlNode, out: string[]): void {
  switch (node.kind) {
    case 'text':
      out.push(escapeText(node.text));
      return;
    case 'cdata':
      out.push(`<![CDATA[${node.text}]]>`);
      return;
    case 'comment':
      out.push(`<!--${node.text}-->`);
      return;
    case 'pi':
      out.push(`<?${node.target}${node.body ? ` ${node.body}` : ''}?>`);
      return;
    case 'element': {
      out.push(`<${node.name}`);
      for (const a of node.attributes) out.push(` ${a.name}="${escapeAttribute(a.value)}"`);
      if (node.children.length === 0) {
        out.push('/>');
        return;
      }
      out.push('>');
      // Depth is capped at parse time (XmlLimits.maxDepth), and new elements add two levels.
      for (const child of node.children) serializeNode(child, out);
      out.push(`</${node.name}>`);
    }
  }
}

/** The document as XML text. */
export function serializeXml(doc: XmlDocument): string {
  const out: string[] = [];
  if (doc.decl?.version) {
    out.push(`<?xml version="${doc.decl.version}"`);
    if (doc.decl.encoding) out.push(` encoding="${doc.decl.encoding}"`);
    if (doc.decl.standalone) out.push(` standalone="${doc.decl.standalone}"`);
    out.push('?>');
  }
  for (const node of [...doc.before, doc.root, ...doc.after]) serializeNode(node, out);
  return out.join('');
}
