// The XMP packet (the catalog's /Metadata stream): reading the document
// fields and the PDF/A identification, and rewriting the six fields the
// metadata operation edits while every other property stays as it was.
// Parsed into a small tree by saxes under limits (pdf/xmp-tree.ts): at most
// MAX_XMP_NODES elements and attributes, MAX_XMP_DEPTH levels; the caller
// bounds the packet's size. Packets with a DOCTYPE are refused (XMP forbids
// them, and it shuts out entity expansion). Properties are found in one pass
// over the rdf:Description elements, not one walk of the tree per property.
import {
  attributeOf,
  childElements,
  declareNamespace,
  namespaceOf,
  newElement,
  parseXml,
  serializeXml,
  textOf,
  XmlLimitError,
  XmlSyntaxError,
  type XmlDocument,
  type XmlElement,
} from './xmp-tree.js';

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  x: 'adobe:ns:meta/',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

/**
 * Elements plus attributes parsed at most. Real packets hold tens to a few
 * thousand (Photoshop's DocumentAncestors lists are the largest seen); parsing
 * 50,000 costs ~25 ms of main thread (scripts/bench/hostile-parsing.ts).
 */
export const MAX_XMP_NODES = 50_000;
/** Nesting depth at most (XMP nests a handful of levels; structs in arrays a few more). */
export const MAX_XMP_DEPTH = 64;

/** The metadata fields the service reads and writes. */
export const FIELDS = ['title', 'author', 'subject', 'keywords', 'creator', 'producer'] as const;
export type Field = (typeof FIELDS)[number];

/** Where each field lives in XMP, and its shape (rdf:Alt language alternatives, rdf:Seq ordered list, or plain text). */
const XMP_PROPERTY: Record<Field, { prefix: 'dc' | 'pdf' | 'xmp'; name: string; shape: 'alt' | 'seq' | 'text' }> = {
  title: { prefix: 'dc', name: 'title', shape: 'alt' },
  author: { prefix: 'dc', name: 'creator', shape: 'seq' },
  subject: { prefix: 'dc', name: 'description', shape: 'alt' },
  keywords: { prefix: 'pdf', name: 'Keywords', shape: 'text' },
  creator: { prefix: 'xmp', name: 'CreatorTool', shape: 'text' },
  producer: { prefix: 'pdf', name: 'Producer', shape: 'text' },
};

/** What the packet says. */
export interface XmpFields {
  values: Partial<Record<Field, string>>;
  created?: string;
  modified?: string;
  /** PDF/A part and conformance, e.g. "2B". */
  pdfa?: string;
}

/** An XMP packet that cannot be parsed. */
export class XmpError extends Error {}

/** An XMP packet over MAX_XMP_NODES or MAX_XMP_DEPTH (the caller answers 422 resource_limit). */
export class XmpTooLargeError extends Error {
  constructor(readonly limit: string) {
    super(`XMP packet over ${limit}`);
  }
}

/** Called between slices of a long parse: yields to the event loop and checks the operation's deadline (core/deadline.ts pacer). */
export type Pause = () => Promise<void>;

async function parse(xml: string, pause?: Pause): Promise<XmlDocument> {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmpError('XMP packet has a DOCTYPE');
  let doc: XmlDocument;
  try {
    doc = await parseXml(xml.replace(/^\uFEFF/, ''), { maxNodes: MAX_XMP_NODES, maxDepth: MAX_XMP_DEPTH }, pause);
  } catch (error) {
    if (error instanceof XmlLimitError)
      throw new XmpTooLargeError(
        error.limit === 'nodes' ? `${MAX_XMP_NODES} elements and attributes` : `${MAX_XMP_DEPTH} levels of nesting`,
      );
    if (error instanceof XmlSyntaxError) throw new XmpError(error.message);
    throw error; // the operation's deadline (TimeoutError)
  }
  if (!rdfRoot(doc)) throw new XmpError('XMP packet has no rdf:RDF');
  return doc;
}

function rdfRoot(doc: XmlDocument): XmlElement | undefined {
  return doc.elements.find((e) => e.uri === NS.rdf && e.local === 'RDF');
}

function descriptions(doc: XmlDocument): XmlElement[] {
  return doc.elements.filter((e) => e.uri === NS.rdf && e.local === 'Description');
}

const key = (uri: string, local: string) => `${uri} ${local}`;

/** Each property's first occurrence (an attribute's value, or its element), in the order readers look: description by description, attributes first. */
function firstOccurrences(doc: XmlDocument): Map<string, string | XmlElement> {
  const found = new Map<string, string | XmlElement>();
  for (const description of descriptions(doc)) {
    const fromElements = new Map<string, XmlElement>();
    for (const element of childElements(description))
      if (!fromElements.has(key(element.uri, element.local)))
        fromElements.set(key(element.uri, element.local), element);
    for (const a of description.attributes)
      if (a.uri && !found.has(key(a.uri, a.local))) found.set(key(a.uri, a.local), a.value);
    for (const [k, element] of fromElements) if (!found.has(k)) found.set(k, element);
  }
  return found;
}

/** A property's text: plain, first rdf:li of an Alt (x-default first), or the rdf:li of a Seq/Bag joined. */
function propertyText(found: Map<string, string | XmlElement>, ns: string, name: string): string | undefined {
  const occurrence = found.get(key(ns, name));
  if (occurrence === undefined || typeof occurrence === 'string') return occurrence;
  const container = childElements(occurrence).find((c) => c.uri === NS.rdf && ['Alt', 'Seq', 'Bag'].includes(c.local));
  if (!container) return textOf(occurrence);
  const items = childElements(container).filter((c) => c.uri === NS.rdf && c.local === 'li');
  if (container.local === 'Alt') {
    const preferred = items.find((li) => attributeOf(li, NS.xml, 'lang') === 'x-default') ?? items[0];
    return preferred ? textOf(preferred) : undefined;
  }
  return items.map(textOf).join(', ');
}

/** Reads the fields of `xml`; throws XmpError when it is not well-formed XMP, XmpTooLargeError past the limits. */
export async function readXmp(xml: string, pause?: Pause): Promise<XmpFields> {
  const found = firstOccurrences(await parse(xml, pause));
  const values: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const { prefix, name } = XMP_PROPERTY[field];
    const text = propertyText(found, NS[prefix], name);
    if (text !== undefined && text !== '') values[field] = text;
  }
  const part = propertyText(found, NS.pdfaid, 'part')?.trim();
  const conformance = propertyText(found, NS.pdfaid, 'conformance')?.trim();
  return {
    values,
    created: propertyText(found, NS.xmp, 'CreateDate'),
    modified: propertyText(found, NS.xmp, 'ModifyDate'),
    pdfa: part ? `${part}${(conformance ?? '').toUpperCase()}` : undefined,
  };
}

const EMPTY_PACKET =
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
  `<x:xmpmeta xmlns:x="${NS.x}"><rdf:RDF xmlns:rdf="${NS.rdf}"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>\n` +
  '<?xpacket end="w"?>';

/** Removes every occurrence (element or attribute form) of the properties in `removed` (keys), in one pass. */
function removeProperties(doc: XmlDocument, removed: Set<string>): void {
  for (const description of descriptions(doc)) {
    description.attributes = description.attributes.filter((a) => !(a.uri && removed.has(key(a.uri, a.local))));
    description.children = description.children.filter(
      (n) => n.kind !== 'element' || !removed.has(key(n.uri, n.local)),
    );
  }
}

/** Appends a property to `description` in the shape XMP gives it. */
function appendProperty(
  description: XmlElement,
  prefix: string,
  ns: string,
  name: string,
  shape: 'alt' | 'seq' | 'text',
  value: string,
): void {
  const element = newElement(`${prefix}:${name}`, ns, description);
  if (namespaceOf(description, prefix) !== ns) {
    // The description binds the prefix to something else itself: declare it on the new element instead.
    const ownBinding = description.attributes.some((a) => a.prefix === 'xmlns' && a.local === prefix);
    declareNamespace(ownBinding ? element : description, prefix, ns);
  }
  if (shape === 'text') {
    element.children.push({ kind: 'text', text: value });
  } else {
    const container = newElement(shape === 'alt' ? 'rdf:Alt' : 'rdf:Seq', NS.rdf, element);
    if (namespaceOf(description, 'rdf') !== NS.rdf) declareNamespace(container, 'rdf', NS.rdf);
    const li = newElement('rdf:li', NS.rdf, container, shape === 'alt' ? [['xml:lang', NS.xml, 'x-default']] : []);
    li.children.push({ kind: 'text', text: value });
    container.children.push(li);
    element.children.push(container);
  }
  description.children.push(element);
}

/**
 * Returns `xml` (or a new packet when undefined) with the fields of `changes`
 * set ("" removes one) and xmp:ModifyDate/MetadataDate set to `modified`.
 * Every other property is kept as it was. Throws XmpError for a malformed
 * packet, XmpTooLargeError for one past the limits.
 */
export async function updateXmp(
  xml: string | undefined,
  changes: Partial<Record<Field, string>>,
  modified: string,
  pause?: Pause,
): Promise<string> {
  const doc = await parse(xml ?? EMPTY_PACKET, pause);
  let target = descriptions(doc)[0];
  if (!target) {
    const rdf = rdfRoot(doc)!;
    target = newElement('rdf:Description', NS.rdf, rdf);
    if (namespaceOf(rdf, 'rdf') !== NS.rdf) declareNamespace(target, 'rdf', NS.rdf);
    target.attributes.push({ name: 'rdf:about', prefix: 'rdf', local: 'about', uri: NS.rdf, value: '' });
    rdf.children.push(target);
    doc.elements.push(target);
  }
  const changed = FIELDS.filter((field) => changes[field] !== undefined);
  const removed = new Set([
    ...changed.map((f) => key(NS[XMP_PROPERTY[f].prefix], XMP_PROPERTY[f].name)),
    key(NS.xmp, 'ModifyDate'),
    key(NS.xmp, 'MetadataDate'),
  ]);
  removeProperties(doc, removed);
  for (const field of changed) {
    const { prefix, name, shape } = XMP_PROPERTY[field];
    if (changes[field] !== '') appendProperty(target, prefix, NS[prefix], name, shape, changes[field]!);
  }
  for (const name of ['ModifyDate', 'MetadataDate']) appendProperty(target, 'xmp', NS.xmp, name, 'text', modified);
  return serializeXml(doc);
}
