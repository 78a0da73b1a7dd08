/** Every operation of the service: its path segment and file parts. */
export const OPERATIONS = {
    "merge": { files: [{ "field": "files", "multiple": true, "required": true }] },
    "split": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "protect": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "unlock": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "ocr": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "extract-text": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "watermark": { files: [{ "field": "file", "multiple": false, "required": true }, { "field": "image", "multiple": false, "required": false }] },
    "convert": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "images": { files: [{ "field": "file", "multiple": false, "required": false }, { "field": "files", "multiple": true, "required": false }] },
    "compress": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "rotate": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "organize": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "page-numbers": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "metadata": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "repair": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "flatten": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "redact": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "sign": { files: [{ "field": "file", "multiple": false, "required": true }, { "field": "certificate", "multiple": false, "required": false }] },
    "verify": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "inspect": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "attachments": { files: [{ "field": "file", "multiple": false, "required": true }, { "field": "attachments", "multiple": true, "required": false }] },
    "sanitize": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "linearize": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "forms": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "bookmarks": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "crop": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "resize": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "n-up": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "booklet": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "overlay": { files: [{ "field": "file", "multiple": false, "required": true }, { "field": "overlay", "multiple": false, "required": true }] },
    "remove-blank": { files: [{ "field": "file", "multiple": false, "required": true }] },
    "compare": { files: [{ "field": "files", "multiple": true, "required": true }] },
    "pipeline": { files: [{ "field": "file", "multiple": false, "required": false }, { "field": "files", "multiple": true, "required": false }] },
};
/** A JSON field as the form carries it: text as given, anything else encoded. */
function jsonText(value) {
    return value === undefined || typeof value === 'string' ? value : JSON.stringify(value);
}
/** One typed method per operation; each sends a multipart request through `call`. */
export class GeneratedOperations {
    /** Merge PDFs (POST /v1/pdf/merge). */
    merge(input, options, call) {
        return this.call({ operation: "merge", files: { "files": input }, options: { ...options } }, call);
    }
    /** Split a PDF (POST /v1/pdf/split). */
    split(input, options, call) {
        return this.call({ operation: "split", files: { "file": input }, options: { ...options } }, call);
    }
    /** Encrypt a PDF (POST /v1/pdf/protect). */
    protect(input, options, call) {
        return this.call({ operation: "protect", files: { "file": input }, options: { ...options } }, call);
    }
    /** Remove encryption (POST /v1/pdf/unlock). */
    unlock(input, options, call) {
        return this.call({ operation: "unlock", files: { "file": input }, options: { ...options } }, call);
    }
    /** OCR: make a scan searchable (POST /v1/pdf/ocr). */
    ocr(input, options, call) {
        return this.call({ operation: "ocr", files: { "file": input }, options: { ...options } }, call);
    }
    /** Extract text (POST /v1/pdf/extract-text). */
    extractText(input, options, call) {
        return this.call({ operation: "extract-text", files: { "file": input }, options: { ...options } }, call);
    }
    /** Stamp text or an image on pages (POST /v1/pdf/watermark). */
    watermark(input, options, call) {
        const { "image": image, ...fields } = options ?? {};
        return this.call({ operation: "watermark", files: { ...{ "file": input }, "image": image }, options: fields }, call);
    }
    /** Convert a PDF to another format, or an Office document to PDF (POST /v1/pdf/convert). */
    convert(input, options, call) {
        return this.call({ operation: "convert", files: { "file": input }, options: { ...options } }, call);
    }
    /** Extract images from a PDF, or make a PDF from images (POST /v1/pdf/images). */
    images(input, options, call) {
        return this.call({ operation: "images", files: Array.isArray(input) ? { "files": input } : { "file": input }, options: { ...options } }, call);
    }
    /** Compress a PDF (POST /v1/pdf/compress). */
    compress(input, options, call) {
        return this.call({ operation: "compress", files: { "file": input }, options: { ...options } }, call);
    }
    /** Rotate pages (POST /v1/pdf/rotate). */
    rotate(input, options, call) {
        return this.call({ operation: "rotate", files: { "file": input }, options: { ...options } }, call);
    }
    /** Reorder, repeat, drop and insert pages (POST /v1/pdf/organize). */
    organize(input, options, call) {
        return this.call({ operation: "organize", files: { "file": input }, options: { ...options } }, call);
    }
    /** Stamp page numbers (POST /v1/pdf/page-numbers). */
    pageNumbers(input, options, call) {
        return this.call({ operation: "page-numbers", files: { "file": input }, options: { ...options } }, call);
    }
    /** Read or edit document metadata (POST /v1/pdf/metadata). */
    metadata(input, options, call) {
        return this.call({ operation: "metadata", files: { "file": input }, options: { ...options } }, call);
    }
    /** Repair a damaged PDF (POST /v1/pdf/repair). */
    repair(input, options, call) {
        return this.call({ operation: "repair", files: { "file": input }, options: { ...options } }, call);
    }
    /** Flatten form fields and annotations (POST /v1/pdf/flatten). */
    flatten(input, options, call) {
        return this.call({ operation: "flatten", files: { "file": input }, options: { ...options } }, call);
    }
    /** Redact text, patterns and areas (POST /v1/pdf/redact). */
    redact(input, options, call) {
        return this.call({ operation: "redact", files: { "file": input }, options: { ...options } }, call);
    }
    /** Sign with a certificate (PAdES B-B, B-T, B-LT, B-LTA) (POST /v1/pdf/sign). */
    sign(input, options, call) {
        const { "certificate": certificate, ...fields } = options ?? {};
        return this.call({ operation: "sign", files: { ...{ "file": input }, "certificate": certificate }, options: fields }, call);
    }
    /** Verify digital signatures (POST /v1/pdf/verify). */
    verify(input, options, call) {
        return this.call({ operation: "verify", files: { "file": input }, options: { ...options } }, call);
    }
    /** Report the structure of a PDF (POST /v1/pdf/inspect). */
    inspect(input, options, call) {
        return this.call({ operation: "inspect", files: { "file": input }, options: { ...options } }, call);
    }
    /** List, extract, add or remove embedded files (POST /v1/pdf/attachments). */
    attachments(input, options, call) {
        const { "attachments": attachments, ...fields } = options ?? {};
        return this.call({ operation: "attachments", files: { ...{ "file": input }, "attachments": attachments }, options: fields }, call);
    }
    /** Remove active and hidden content (POST /v1/pdf/sanitize). */
    sanitize(input, options, call) {
        return this.call({ operation: "sanitize", files: { "file": input }, options: { ...options } }, call);
    }
    /** Optimize a PDF for fast web view (POST /v1/pdf/linearize). */
    linearize(input, options, call) {
        return this.call({ operation: "linearize", files: { "file": input }, options: { ...options } }, call);
    }
    /** Read or fill form fields (POST /v1/pdf/forms). */
    forms(input, options, call) {
        return this.call({ operation: "forms", files: { "file": input }, options: { ...options } }, call);
    }
    /** Read or write the outline (bookmarks) (POST /v1/pdf/bookmarks). */
    bookmarks(input, options, call) {
        return this.call({ operation: "bookmarks", files: { "file": input }, options: { ...options } }, call);
    }
    /** Crop pages to a box or to their content (POST /v1/pdf/crop). */
    crop(input, options, call) {
        return this.call({ operation: "crop", files: { "file": input }, options: { ...options } }, call);
    }
    /** Resize pages to a paper size (POST /v1/pdf/resize). */
    resize(input, options, call) {
        return this.call({ operation: "resize", files: { "file": input }, options: { ...options } }, call);
    }
    /** Put several pages on each sheet (POST /v1/pdf/n-up). */
    nUp(input, options, call) {
        return this.call({ operation: "n-up", files: { "file": input }, options: { ...options } }, call);
    }
    /** Impose pages for a folded booklet (POST /v1/pdf/booklet). */
    booklet(input, options, call) {
        return this.call({ operation: "booklet", files: { "file": input }, options: { ...options } }, call);
    }
    /** Lay the pages of another PDF over or under the pages (POST /v1/pdf/overlay). */
    overlay(input, options, call) {
        const { "overlay": overlay, ...fields } = options ?? {};
        return this.call({ operation: "overlay", files: { ...{ "file": input }, "overlay": overlay }, options: fields }, call);
    }
    /** Remove blank pages (POST /v1/pdf/remove-blank). */
    removeBlank(input, options, call) {
        return this.call({ operation: "remove-blank", files: { "file": input }, options: { ...options } }, call);
    }
    /** Compare two PDFs (POST /v1/pdf/compare). */
    compare(input, options, call) {
        return this.call({ operation: "compare", files: { "files": input }, options: { ...options } }, call);
    }
    /** Run several operations in one request (POST /v1/pdf/pipeline). */
    pipeline(input, options, call) {
        return this.call({ operation: "pipeline", files: Array.isArray(input) ? { "files": input } : { "file": input }, options: { ...options, "steps": jsonText(options?.["steps"]) } }, call);
    }
}
