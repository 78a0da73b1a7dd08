import type { CallOptions, FileInput, OperationCall } from '../types.js';
/** Every operation of the service: its path segment and file parts. */
export declare const OPERATIONS: {
    readonly merge: {
        readonly files: readonly [{
            readonly field: "files";
            readonly multiple: true;
            readonly required: true;
        }];
    };
    readonly split: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly protect: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly unlock: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly ocr: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly "extract-text": {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly watermark: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }, {
            readonly field: "image";
            readonly multiple: false;
            readonly required: false;
        }];
    };
    readonly convert: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly images: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: false;
        }, {
            readonly field: "files";
            readonly multiple: true;
            readonly required: false;
        }];
    };
    readonly compress: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly rotate: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly organize: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly "page-numbers": {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly metadata: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly repair: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly flatten: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly redact: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly sign: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }, {
            readonly field: "certificate";
            readonly multiple: false;
            readonly required: false;
        }];
    };
    readonly verify: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly inspect: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly attachments: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }, {
            readonly field: "attachments";
            readonly multiple: true;
            readonly required: false;
        }];
    };
    readonly sanitize: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly linearize: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly forms: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly bookmarks: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly crop: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly resize: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly "n-up": {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly booklet: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly overlay: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }, {
            readonly field: "overlay";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly "remove-blank": {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: true;
        }];
    };
    readonly compare: {
        readonly files: readonly [{
            readonly field: "files";
            readonly multiple: true;
            readonly required: true;
        }];
    };
    readonly pipeline: {
        readonly files: readonly [{
            readonly field: "file";
            readonly multiple: false;
            readonly required: false;
        }, {
            readonly field: "files";
            readonly multiple: true;
            readonly required: false;
        }];
    };
};
export type OperationName = keyof typeof OPERATIONS;
/** One step of a pipeline: an operation and its options (a file option names an uploaded part as "@name"). */
export type PipelineStep = {
    operation: "merge";
    options?: MergeOptions;
} | {
    operation: "split";
    options?: SplitOptions;
} | {
    operation: "protect";
    options?: ProtectOptions;
} | {
    operation: "unlock";
    options?: UnlockOptions;
} | {
    operation: "ocr";
    options?: OcrOptions;
} | {
    operation: "extract-text";
    options?: ExtractTextOptions;
} | {
    operation: "watermark";
    options?: Omit<WatermarkOptions, "image"> & {
        "image"?: `@${string}`;
    };
} | {
    operation: "convert";
    options?: ConvertOptions;
} | {
    operation: "images";
    options?: ImagesOptions;
} | {
    operation: "compress";
    options?: CompressOptions;
} | {
    operation: "rotate";
    options?: RotateOptions;
} | {
    operation: "organize";
    options?: OrganizeOptions;
} | {
    operation: "page-numbers";
    options?: PageNumbersOptions;
} | {
    operation: "metadata";
    options?: MetadataOptions;
} | {
    operation: "repair";
    options?: RepairOptions;
} | {
    operation: "flatten";
    options?: FlattenOptions;
} | {
    operation: "redact";
    options?: RedactOptions;
} | {
    operation: "sign";
    options?: Omit<SignOptions, "certificate"> & {
        "certificate"?: `@${string}`;
    };
} | {
    operation: "verify";
    options?: VerifyOptions;
} | {
    operation: "inspect";
    options?: InspectOptions;
} | {
    operation: "attachments";
    options?: Omit<AttachmentsOptions, "attachments"> & {
        "attachments"?: `@${string}`;
    };
} | {
    operation: "sanitize";
    options?: SanitizeOptions;
} | {
    operation: "linearize";
    options?: LinearizeOptions;
} | {
    operation: "forms";
    options?: FormsOptions;
} | {
    operation: "bookmarks";
    options?: BookmarksOptions;
} | {
    operation: "crop";
    options?: CropOptions;
} | {
    operation: "resize";
    options?: ResizeOptions;
} | {
    operation: "n-up";
    options?: NUpOptions;
} | {
    operation: "booklet";
    options?: BookletOptions;
} | {
    operation: "overlay";
    options?: Omit<OverlayOptions, "overlay"> & {
        "overlay"?: `@${string}`;
    };
} | {
    operation: "remove-blank";
    options?: RemoveBlankOptions;
} | {
    operation: "compare";
    options?: CompareOptions;
};
/** Options of `merge` (form fields; booleans and numbers are sent as text). */
export interface MergeOptions {
    /** Add one outline entry per input, titled by its file name. */
    "bookmarks"?: boolean;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `split` (form fields; booleans and numbers are sent as text). */
export interface SplitOptions {
    /** How to split. */
    "mode"?: "ranges" | "every" | "extract" | "blank" | "qr" | "size" | "bookmarks";
    /** mode=ranges: one output per item, e.g. 1-3,4-6,7- */
    "ranges"?: string;
    /** mode=every: pages per output file (1..100000) */
    "pages_per_file"?: number | string;
    /** mode=extract: the pages of the single output, e.g. 1-3,5 */
    "pages"?: string;
    /** A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1) */
    "threshold"?: number | string;
    /** mode=qr: only a QR code with exactly this text separates (default: any). */
    "qr_text"?: string;
    /** mode=qr: keep the separator page as the first page of its part (default false). */
    "keep_separator"?: boolean;
    /** mode=size: the most bytes a part may have (1024..4000000000) */
    "max_size"?: number | string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `protect` (form fields; booleans and numbers are sent as text). */
export interface ProtectOptions {
    /** Password needed to open the document. */
    "user_password"?: string;
    /** Password needed to lift the restrictions. */
    "owner_password"?: string;
    /** Cipher. */
    "encryption"?: "aes-256" | "aes-128";
    /** Allow printing. */
    "allow_print"?: boolean;
    /** Allow copying text and images. */
    "allow_copy"?: boolean;
    /** Allow other modifications. */
    "allow_modify"?: boolean;
    /** Allow adding annotations. */
    "allow_annotate"?: boolean;
    /** Allow filling in forms. */
    "allow_fill_forms"?: boolean;
    /** Allow inserting, rotating and deleting pages. */
    "allow_assemble"?: boolean;
    /** Allow text extraction for accessibility (always allowed by AES-encrypted files; see description). */
    "allow_accessibility"?: boolean;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `unlock` (form fields; booleans and numbers are sent as text). */
export interface UnlockOptions {
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `ocr` (form fields; booleans and numbers are sent as text). */
export interface OcrOptions {
    /** Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
    "languages"?: string;
    /** What to do with pages that already have text. */
    "mode"?: "skip-text" | "force" | "redo";
    /** Straighten skewed pages before OCR (not with mode=redo). */
    "deskew"?: boolean;
    /** Turn pages upright by detected orientation. */
    "rotate_pages"?: boolean;
    /** Searchable PDF, PDF/A-2b, or the recognized text. */
    "output"?: "pdf" | "pdfa" | "txt";
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `extract-text` (form fields; booleans and numbers are sent as text). */
export interface ExtractTextOptions {
    /** Pages to extract, e.g. 1-3,5 (all when absent) */
    "pages"?: string;
    /** Keep the physical layout (columns, indentation) instead of reading order. */
    "layout"?: boolean;
    /** Plain text with form feeds between pages, or JSON per page. */
    "format"?: "text" | "json";
    /** auto: OCR the pages that have no text layer. */
    "ocr"?: "never" | "auto";
    /** Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
    "languages"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `watermark` (form fields; booleans and numbers are sent as text). */
export interface WatermarkOptions {
    /** Text mark (instead of the `image` file part), in any script. */
    "text"?: string;
    /** Typeface of the text: sans, serif or mono (default sans); other scripts fall back to the Noto face that has them. */
    "font"?: "sans" | "serif" | "mono";
    /** Text size in points (default 48); shrunk if the text would not fit the page (1..1000) */
    "font_size"?: number | string;
    /** Text colour #RRGGBB (default #808080). */
    "color"?: string;
    /** Opacity, 0 (invisible) to 1 (opaque) (0..1) */
    "opacity"?: number | string;
    /** Counter-clockwise angle in degrees, as the reader sees the page (-360..360) */
    "rotation"?: number | string;
    /** Where the mark goes; `tile` repeats it over the page. */
    "position"?: "center" | "top-left" | "top" | "top-right" | "left" | "right" | "bottom-left" | "bottom" | "bottom-right" | "tile";
    /** Pages to mark, e.g. 1-3,5 (default: all) */
    "pages"?: string;
    /** Over the page content, or under it (hidden by opaque content). */
    "layer"?: "over" | "under";
    /** Image width as a fraction of the page width (default 0.5) (0.01..1) */
    "image_scale"?: number | string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
    /** File part `image`. */
    "image"?: FileInput;
}
/** Options of `convert` (form fields; booleans and numbers are sent as text). */
export interface ConvertOptions {
    /** Target format: docx, odt, xlsx, csv, pptx, txt, html, png, jpeg, tiff, svg, pdfa, pdf. */
    "to": "docx" | "odt" | "xlsx" | "csv" | "pptx" | "txt" | "html" | "png" | "jpeg" | "tiff" | "svg" | "pdfa" | "pdf";
    /** png/jpeg/tiff: resolution (default 150) (36..600) */
    "dpi"?: number | string;
    /** png/jpeg/tiff/svg: the pages to convert, e.g. 1-3,5 (default all) */
    "pages"?: string;
    /** to=pdfa: PDF/A part and conformance (default 2b). */
    "pdfa"?: "2b" | "1b" | "3b";
    /** xlsx/csv/pptx: `auto` OCRs pages without a text layer first (default never). */
    "ocr"?: "never" | "auto";
    /** Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
    "languages"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
    /** HTML/Markdown input: paper size (default a4). */
    "paper"?: "a4" | "letter" | "legal" | "a3" | "a5";
    /** HTML/Markdown input: landscape orientation (default false). */
    "landscape"?: boolean;
    /** HTML/Markdown input: margin on every side in pt (default 36) (0..288) */
    "margin"?: number | string;
    /** HTML/Markdown input: print background colours and images (default true). */
    "print_background"?: boolean;
    /** HTML/Markdown input: a tagged (accessible) PDF with a structure tree; slower to print (default false). */
    "tagged"?: boolean;
}
/** Options of `images` (form fields; booleans and numbers are sent as text). */
export interface ImagesOptions {
    /** extract (PDF in) or to-pdf (images in); inferred from the upload when absent. */
    "mode"?: "extract" | "to-pdf";
    /** extract: keep encoded formats (default `original`) or convert all to PNG. */
    "format"?: "original" | "png";
    /** extract: skip images narrower or lower than this many pixels (default 0) (0..1000000) */
    "min_size"?: number | string;
    /** to-pdf: page size (default `fit`: the image size). */
    "page_size"?: "fit" | "a4" | "letter";
    /** to-pdf: margin around each image in points (default 0) (0..1000) */
    "margin"?: number | string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `compress` (form fields; booleans and numbers are sent as text). */
export interface CompressOptions {
    /** How hard to compress. */
    "level"?: "medium" | "low" | "high";
    /** Convert colour to gray (not with level=low, which is lossless). */
    "grayscale"?: boolean;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `rotate` (form fields; booleans and numbers are sent as text). */
export interface RotateOptions {
    /** Clockwise angle added to each selected page’s rotation. */
    "angle": "90" | "180" | "270" | "-90";
    /** Pages to rotate, e.g. 1-3,5 (default: all) */
    "pages"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `organize` (form fields; booleans and numbers are sent as text). */
export interface OrganizeOptions {
    /** The output pages in order, e.g. 3,1-2,blank,9-5,10- */
    "order": string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `page-numbers` (form fields; booleans and numbers are sent as text). */
export interface PageNumbersOptions {
    /** The label: {n}, {total}, {n:W} placeholders, e.g. "Page {n} of {total}" or "ACME-{n:6}". */
    "format"?: string;
    /** Number of page 1 (0..999999999) */
    "start"?: number | string;
    /** Pages that get a number, e.g. 2- (default: all) */
    "pages"?: string;
    /** Where on the page the number goes. */
    "position"?: "bottom-center" | "bottom-left" | "bottom-right" | "top-left" | "top-center" | "top-right";
    /** Distance from the page edges in points (0..500) */
    "margin"?: number | string;
    /** Typeface: sans, serif or mono; other scripts fall back to the Noto face that has them. */
    "font"?: "sans" | "serif" | "mono";
    /** Text size in points (1..200) */
    "font_size"?: number | string;
    /** Text colour #RRGGBB. */
    "color"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `metadata` (form fields; booleans and numbers are sent as text). */
export interface MetadataOptions {
    /** Document title (Info /Title, XMP dc:title) ("" removes it). */
    "title"?: string;
    /** Author (Info /Author, XMP dc:creator) ("" removes it). */
    "author"?: string;
    /** Subject (Info /Subject, XMP dc:description) ("" removes it). */
    "subject"?: string;
    /** Keywords (Info /Keywords, XMP pdf:Keywords) ("" removes it). */
    "keywords"?: string;
    /** Creating application (Info /Creator, XMP xmp:CreatorTool) ("" removes it). */
    "creator"?: string;
    /** Producing application (Info /Producer, XMP pdf:Producer) ("" removes it). */
    "producer"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `repair` (form fields; booleans and numbers are sent as text). */
export interface RepairOptions {
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `flatten` (form fields; booleans and numbers are sent as text). */
export interface FlattenOptions {
    /** What to flatten. */
    "what"?: "all" | "forms" | "annotations";
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `redact` (form fields; booleans and numbers are sent as text). */
export interface RedactOptions {
    /** Literal text to remove, case-insensitive; repeat the field for several. */
    "terms"?: string;
    /** Regular expression (ECMAScript 5 syntax, case-sensitive) whose matches are removed; repeat the field for several. */
    "regex"?: string;
    /** JSON array of rectangles `[{"page":1,"x":…,"y":…,"w":…,"h":…}]` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
    "areas"?: string;
    /** Fill colour of the boxes drawn in place of the removed content. */
    "color"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `sign` (form fields; booleans and numbers are sent as text). */
export interface SignOptions {
    /** Password of the PKCS#12 (empty or absent for none). Never logged. */
    "certificate_password"?: string;
    /** Reason for signing (/Reason). */
    "reason"?: string;
    /** Where it was signed (/Location). */
    "location"?: string;
    /** How to reach the signer (/ContactInfo). */
    "contact"?: string;
    /** Draw a visible signature box (needs `rect`). */
    "visible"?: boolean;
    /** Page of the visible signature (default 1) (1..1000000) */
    "page"?: number | string;
    /** Visible signature box `x,y,w,h` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
    "rect"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
    /** PAdES baseline level: `b-b` the signature alone; `b-t` with an RFC 3161 signature time-stamp; `b-lt` also the chains and OCSP responses or CRLs (fetched from the certificates' own addresses) in the document's DSS; `b-lta` also a document time-stamp over all of it. */
    "level"?: "b-b" | "b-t" | "b-lt" | "b-lta";
    /** RFC 3161 time-stamp authority for levels b-t and up (default: the server's SIGN_TSA_URL). */
    "timestamp_url"?: string;
    /** File part `certificate`. */
    "certificate"?: FileInput;
}
/** Options of `verify` (form fields; booleans and numbers are sent as text). */
export interface VerifyOptions {
}
/** Options of `inspect` (form fields; booleans and numbers are sent as text). */
export interface InspectOptions {
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `attachments` (form fields; booleans and numbers are sent as text). */
export interface AttachmentsOptions {
    /** What to do. */
    "action"?: "list" | "extract" | "add" | "remove";
    /** action=extract or remove: the attachments by name (repeatable; default all). */
    "names"?: string;
    /** action=add: the description given to each added file. */
    "description"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
    /** File part `attachments`. */
    "attachments"?: FileInput[];
}
/** Options of `sanitize` (form fields; booleans and numbers are sent as text). */
export interface SanitizeOptions {
    /** Comma list of what to remove: javascript, actions, embedded_files, links, annotations, forms, metadata, xmp, thumbnails, hidden_layers. */
    "remove"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `linearize` (form fields; booleans and numbers are sent as text). */
export interface LinearizeOptions {
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `forms` (form fields; booleans and numbers are sent as text). */
export interface FormsOptions {
    /** JSON object: full field name ("parent.child") → value. Text fields take a string, checkboxes true or false, radio groups and choice fields one of their options (a multi-select list: an array of them). Without it the answer is the fields as JSON. */
    "values"?: string;
    /** After filling, draw the fields into the page content (no longer interactive). */
    "flatten"?: boolean;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `bookmarks` (form fields; booleans and numbers are sent as text). */
export interface BookmarksOptions {
    /** The outline to write: JSON `{"bookmarks":[{"title","page","children":[…]}]}` (or just the array), pages 1-based (null: no target). Without it the answer is the current outline as JSON. */
    "bookmarks"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `crop` (form fields; booleans and numbers are sent as text). */
export interface CropOptions {
    /** x,y,w,h in pt from the visible page’s top-left. */
    "box"?: string;
    /** Crop each page to what it draws (instead of `box`). */
    "auto"?: boolean;
    /** auto=true: pt added around the drawn content (0..1000) */
    "margin"?: number | string;
    /** Pages to crop, e.g. 1-3,5 (default: all) */
    "pages"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `resize` (form fields; booleans and numbers are sent as text). */
export interface ResizeOptions {
    /** Target paper (default a4). */
    "paper"?: "a4" | "letter" | "legal" | "a3" | "a5";
    /** w,h in pt (instead of `paper`). */
    "size"?: string;
    /** How content meets the new size. */
    "fit"?: "contain" | "cover" | "stretch";
    /** Pages to resize, e.g. 1-3,5 (default: all) */
    "pages"?: string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `n-up` (form fields; booleans and numbers are sent as text). */
export interface NUpOptions {
    /** Pages per sheet. */
    "per_sheet": "2" | "4" | "6" | "8" | "9" | "16";
    /** Sheet size. */
    "paper"?: "a4" | "letter" | "legal" | "a3" | "a5";
    /** How the cells fill. */
    "order"?: "rows" | "columns";
    /** Draw a thin frame around each page. */
    "border"?: boolean;
    /** Sheet margin in pt (0..200) */
    "margin"?: number | string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `booklet` (form fields; booleans and numbers are sent as text). */
export interface BookletOptions {
    /** Sheet size (used landscape). */
    "paper"?: "a4" | "letter" | "legal" | "a3" | "a5";
    /** Which edge is bound. */
    "binding"?: "left" | "right";
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `overlay` (form fields; booleans and numbers are sent as text). */
export interface OverlayOptions {
    /** Over the page content, or under it. */
    "layer"?: "over" | "under";
    /** Pages that get the overlay, e.g. 1-3,5 (default: all) */
    "pages"?: string;
    /** Cycle the overlay’s pages (true) or use its page 1 everywhere (false). */
    "repeat"?: boolean;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
    /** File part `overlay`. */
    "overlay": FileInput;
}
/** Options of `remove-blank` (form fields; booleans and numbers are sent as text). */
export interface RemoveBlankOptions {
    /** A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1) */
    "threshold"?: number | string;
    /** Password of the encrypted input (user or owner password), taken literally. */
    "password"?: string;
}
/** Options of `compare` (form fields; booleans and numbers are sent as text). */
export interface CompareOptions {
    /** JSON changes, or a PDF report a person reads. */
    "format"?: "json" | "pdf";
    /** auto: OCR a document that has pages without a text layer before comparing. */
    "ocr"?: "never" | "auto";
    /** Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
    "languages"?: string;
    /** Password of an encrypted input, taken literally: once for either file, or twice, in file order. */
    "password"?: string;
}
/** Options of `pipeline` (form fields; booleans and numbers are sent as text). */
export interface PipelineOptions {
    /** The steps, as a JSON array: [{"operation":"<name>","options":{…}}, …]. Each step’s options are those of the operation (numbers and true/false may be JSON values); a file option names an uploaded part as "@name". */
    "steps": PipelineStep[] | string;
}
/** One typed method per operation; each sends a multipart request through `call`. */
export declare abstract class GeneratedOperations {
    protected abstract call(call: OperationCall, options?: CallOptions): Promise<any>;
    /** Merge PDFs (POST /v1/pdf/merge). */
    merge(input: FileInput[], options?: MergeOptions, call?: CallOptions): Promise<any>;
    /** Split a PDF (POST /v1/pdf/split). */
    split(input: FileInput, options?: SplitOptions, call?: CallOptions): Promise<any>;
    /** Encrypt a PDF (POST /v1/pdf/protect). */
    protect(input: FileInput, options?: ProtectOptions, call?: CallOptions): Promise<any>;
    /** Remove encryption (POST /v1/pdf/unlock). */
    unlock(input: FileInput, options?: UnlockOptions, call?: CallOptions): Promise<any>;
    /** OCR: make a scan searchable (POST /v1/pdf/ocr). */
    ocr(input: FileInput, options?: OcrOptions, call?: CallOptions): Promise<any>;
    /** Extract text (POST /v1/pdf/extract-text). */
    extractText(input: FileInput, options?: ExtractTextOptions, call?: CallOptions): Promise<any>;
    /** Stamp text or an image on pages (POST /v1/pdf/watermark). */
    watermark(input: FileInput, options?: WatermarkOptions, call?: CallOptions): Promise<any>;
    /** Convert a PDF to another format, or an Office document to PDF (POST /v1/pdf/convert). */
    convert(input: FileInput, options: ConvertOptions, call?: CallOptions): Promise<any>;
    /** Extract images from a PDF, or make a PDF from images (POST /v1/pdf/images). */
    images(input: FileInput | FileInput[], options?: ImagesOptions, call?: CallOptions): Promise<any>;
    /** Compress a PDF (POST /v1/pdf/compress). */
    compress(input: FileInput, options?: CompressOptions, call?: CallOptions): Promise<any>;
    /** Rotate pages (POST /v1/pdf/rotate). */
    rotate(input: FileInput, options: RotateOptions, call?: CallOptions): Promise<any>;
    /** Reorder, repeat, drop and insert pages (POST /v1/pdf/organize). */
    organize(input: FileInput, options: OrganizeOptions, call?: CallOptions): Promise<any>;
    /** Stamp page numbers (POST /v1/pdf/page-numbers). */
    pageNumbers(input: FileInput, options?: PageNumbersOptions, call?: CallOptions): Promise<any>;
    /** Read or edit document metadata (POST /v1/pdf/metadata). */
    metadata(input: FileInput, options?: MetadataOptions, call?: CallOptions): Promise<any>;
    /** Repair a damaged PDF (POST /v1/pdf/repair). */
    repair(input: FileInput, options?: RepairOptions, call?: CallOptions): Promise<any>;
    /** Flatten form fields and annotations (POST /v1/pdf/flatten). */
    flatten(input: FileInput, options?: FlattenOptions, call?: CallOptions): Promise<any>;
    /** Redact text, patterns and areas (POST /v1/pdf/redact). */
    redact(input: FileInput, options?: RedactOptions, call?: CallOptions): Promise<any>;
    /** Sign with a certificate (PAdES B-B, B-T, B-LT, B-LTA) (POST /v1/pdf/sign). */
    sign(input: FileInput, options?: SignOptions, call?: CallOptions): Promise<any>;
    /** Verify digital signatures (POST /v1/pdf/verify). */
    verify(input: FileInput, options?: VerifyOptions, call?: CallOptions): Promise<any>;
    /** Report the structure of a PDF (POST /v1/pdf/inspect). */
    inspect(input: FileInput, options?: InspectOptions, call?: CallOptions): Promise<any>;
    /** List, extract, add or remove embedded files (POST /v1/pdf/attachments). */
    attachments(input: FileInput, options?: AttachmentsOptions, call?: CallOptions): Promise<any>;
    /** Remove active and hidden content (POST /v1/pdf/sanitize). */
    sanitize(input: FileInput, options?: SanitizeOptions, call?: CallOptions): Promise<any>;
    /** Optimize a PDF for fast web view (POST /v1/pdf/linearize). */
    linearize(input: FileInput, options?: LinearizeOptions, call?: CallOptions): Promise<any>;
    /** Read or fill form fields (POST /v1/pdf/forms). */
    forms(input: FileInput, options?: FormsOptions, call?: CallOptions): Promise<any>;
    /** Read or write the outline (bookmarks) (POST /v1/pdf/bookmarks). */
    bookmarks(input: FileInput, options?: BookmarksOptions, call?: CallOptions): Promise<any>;
    /** Crop pages to a box or to their content (POST /v1/pdf/crop). */
    crop(input: FileInput, options?: CropOptions, call?: CallOptions): Promise<any>;
    /** Resize pages to a paper size (POST /v1/pdf/resize). */
    resize(input: FileInput, options?: ResizeOptions, call?: CallOptions): Promise<any>;
    /** Put several pages on each sheet (POST /v1/pdf/n-up). */
    nUp(input: FileInput, options: NUpOptions, call?: CallOptions): Promise<any>;
    /** Impose pages for a folded booklet (POST /v1/pdf/booklet). */
    booklet(input: FileInput, options?: BookletOptions, call?: CallOptions): Promise<any>;
    /** Lay the pages of another PDF over or under the pages (POST /v1/pdf/overlay). */
    overlay(input: FileInput, options: OverlayOptions, call?: CallOptions): Promise<any>;
    /** Remove blank pages (POST /v1/pdf/remove-blank). */
    removeBlank(input: FileInput, options?: RemoveBlankOptions, call?: CallOptions): Promise<any>;
    /** Compare two PDFs (POST /v1/pdf/compare). */
    compare(input: FileInput[], options?: CompareOptions, call?: CallOptions): Promise<any>;
    /** Run several operations in one request (POST /v1/pdf/pipeline). */
    pipeline(input: FileInput | FileInput[], options: PipelineOptions, call?: CallOptions): Promise<any>;
}
