// The XMP packet (the catalog's /Metadata stream): reading the document
// fields and the PDF/A identification, and rewriting the six fields the
// metadata operation edits while every other property stays as it was.
// Parsed with @xmldom/xmldom (a DOM, so untouched parts serialize back as
// they were); packets with a DOCTYPE are refused (XMP forbids them, and it
// shuts out entity expansion). The caller bounds the packet's size.
import { DOMParser, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';

const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  x: 'adobe:ns:meta/',
  dc: 'http://purl.org/dc/elements/1.1/',
  pdf: 'http://ns.adobe.com/pdf/1.3/',
  xmp: 'http://ns.adobe.com/xap/1.0/',
  pdfaid: 'http://www.aiim.org/pdfa/ns/id/',
  xml: 'http://www.w3.org/XML/1998/namespace',
} as const;

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

function parse(xml: string): Document {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmpError('XMP packet has a DOCTYPE');
  try {
    const doc = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new XmpError(message);
      },
    }).parseFromString(xml.replace(/^\uFEFF/, ''), 'text/xml');
    if (!rdfRoot(doc)) throw new XmpError('XMP packet has no rdf:RDF');
    return doc;
  } catch (error) {
    throw error instanceof XmpError ? error : new XmpError(String(error));
  }
}

function rdfRoot(doc: Document): Element | undefined {
  return doc.getElementsByTagNameNS(NS.rdf, 'RDF')[0] ?? undefined;
}

function descriptions(doc: Document): Element[] {
  return Array.from(doc.getElementsByTagNameNS(NS.rdf, 'Description'));
}

function childElements(element: Element): Element[] {
  return Array.from(element.childNodes).filter((n): n is Element => n.nodeType === 1);
}

/** A property's text: plain, first rdf:li of an Alt (x-default first), or the rdf:li of a Seq/Bag joined. */
function propertyText(doc: Document, ns: string, name: string): string | undefined {
  for (const description of descriptions(doc)) {
    const attr = description.getAttributeNS(ns, name);
    if (attr !== null && description.hasAttributeNS(ns, name)) return attr;
    for (const element of childElements(description)) {
      if (element.namespaceURI !== ns || element.localName !== name) continue;
      const container = childElements(element).find((c) => c.namespaceURI === NS.rdf && ['Alt', 'Seq', 'Bag'].includes(c.localName ?? ''));
      if (!container) return element.textContent ?? '';
      const items = childElements(container).filter((c) => c.namespaceURI === NS.rdf && c.localName === 'li');
      if (container.localName === 'Alt') {
        const preferred = items.find((li) => li.getAttributeNS(NS.xml, 'lang') === 'x-default') ?? items[0];
        return preferred?.textContent ?? undefined;
      }
      return items.map((li) => li.textContent ?? '').join(', ');
    }
  }
  return undefined;
}

/** Reads the fields of `xml`; throws XmpError when it is not well-formed XMP. */
export function readXmp(xml: string): XmpFields {
  const doc = parse(xml);
  const values: Partial<Record<Field, string>> = {};
  for (const field of FIELDS) {
    const { prefix, name } = XMP_PROPERTY[field];
    const text = propertyText(doc, NS[prefix], name);
    if (text !== undefined && text !== '') values[field] = text;
  }
  const part = propertyText(doc, NS.pdfaid, 'part')?.trim();
  const conformance = propertyText(doc, NS.pdfaid, 'conformance')?.trim();
  return {
    values,
    created: propertyText(doc, NS.xmp, 'CreateDate'),
    modified: propertyText(doc, NS.xmp, 'ModifyDate'),
    pdfa: part ? `${part}${(conformance ?? '').toUpperCase()}` : undefined,
  };
}

const EMPTY_PACKET =
  '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
  `<x:xmpmeta xmlns:x="${NS.x}"><rdf:RDF xmlns:rdf="${NS.rdf}"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta>\n` +
  '<?xpacket end="w"?>';

/** Removes every occurrence (element or attribute form) of a property. */
function removeProperty(doc: Document, ns: string, name: string): void {
  for (const description of descriptions(doc)) {
    if (description.hasAttributeNS(ns, name)) description.removeAttributeNS(ns, name);
    for (const element of childElements(description)) {
      if (element.namespaceURI === ns && element.localName === name) description.removeChild(element);
    }
  }
}

/** Appends a property to `description` in the shape XMP gives it. */
function appendProperty(doc: Document, description: Element, prefix: string, ns: string, name: string, shape: 'alt' | 'seq' | 'text', value: string): void {
  if (description.lookupNamespaceURI(prefix) !== ns) description.setAttributeNS('http://www.w3.org/2000/xmlns/', `xmlns:${prefix}`, ns);
  const element = doc.createElementNS(ns, `${prefix}:${name}`);
  if (shape === 'text') {
    element.appendChild(doc.createTextNode(value));
  } else {
    const container = doc.createElementNS(NS.rdf, shape === 'alt' ? 'rdf:Alt' : 'rdf:Seq');
    const li = doc.createElementNS(NS.rdf, 'rdf:li');
    if (shape === 'alt') li.setAttributeNS(NS.xml, 'xml:lang', 'x-default');
    li.appendChild(doc.createTextNode(value));
    container.appendChild(li);
    element.appendChild(container);
  }
  description.appendChild(element);
}

/**
 * Returns `xml` (or a new packet when undefined) with the fields of `changes`
 * set ("" removes one) and xmp:ModifyDate/MetadataDate set to `modified`.
 * Every other property is kept as it was. Throws XmpError for a malformed packet.
 */
export function updateXmp(xml: string | undefined, changes: Partial<Record<Field, string>>, modified: string): string {
  const doc = parse(xml ?? EMPTY_PACKET);
  let target = descriptions(doc)[0];
  if (!target) {
    target = doc.createElementNS(NS.rdf, 'rdf:Description');
    target.setAttributeNS(NS.rdf, 'rdf:about', '');
    rdfRoot(doc)!.appendChild(target);
  }
  for (const field of FIELDS) {
    const value = changes[field];
    if (value === undefined) continue;
    const { prefix, name, shape } = XMP_PROPERTY[field];
    removeProperty(doc, NS[prefix], name);
    if (value !== '') appendProperty(doc, target, prefix, NS[prefix], name, shape, value);
  }
  for (const name of ['ModifyDate', 'MetadataDate']) {
    removeProperty(doc, NS.xmp, name);
    appendProperty(doc, target, 'xmp', NS.xmp, name, 'text', modified);
  }
  return new XMLSerializer().serializeToString(doc);
}
