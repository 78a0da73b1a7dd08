export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health and tool versions */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The calling account, its plan and today's usage */
        get: operations["account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a short-lived browser token from a key
         * @description A server holding a key mints a token for a web page. Its scopes are a subset of the key's (absent: the key's); it ends after ttl_seconds (at most 3600, and never after the key), after max_uses requests, or when its key is revoked; bound to `origin`, a request whose `Origin` differs is 401. Its requests are charged to the key's account. Minting is not charged; a token cannot mint tokens (403 insufficient_scope).
         */
        post: operations["createToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/account/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling account's usage per day and operation
         * @description The last `days` UTC days up to today, from the allowance's own counters. Not charged.
         */
        get: operations["accountUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Accounts with their plan and today's use (admin) */
        get: operations["adminListAccounts"];
        put?: never;
        /** Create an account (admin) */
        post: operations["adminCreateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/accounts/{account}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change an account's plan (admin) */
        patch: operations["adminSetPlan"];
        trace?: never;
    };
    "/v1/admin/accounts/{account}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's usage per day and operation (admin) */
        get: operations["adminAccountUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Keys, of one account or all (admin); never the key itself */
        get: operations["adminListKeys"];
        put?: never;
        /** Create a key, optionally scoped, expiring and named (admin) */
        post: operations["adminCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/keys/{prefix}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key at once, with its browser tokens (admin) */
        delete: operations["adminRevokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/keys/{prefix}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace a key; the old one keeps working for grace_seconds (admin) */
        post: operations["adminRotateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job and its status
         * @description Poll until `status` is `succeeded` (then download `result.url`), `failed` (see `error`) or `canceled`. Not charged.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        /**
         * Cancel a job, or delete a finished one
         * @description A queued or running job is canceled (its processes are killed, its files deleted) and returned with status `canceled`. A finished job is deleted with its result (204). The allowance is not refunded for a canceled job.
         */
        delete: operations["deleteJob"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jobs/{id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a job's result
         * @description The result file with the headers a synchronous request would have had. Results are deleted `JOB_RESULT_TTL` after the job ends.
         */
        get: operations["getJobResult"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/merge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Merge PDFs
         * @description Concatenates the uploaded PDFs in upload order. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["merge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Split a PDF
         * @description `mode=ranges`: one PDF per item of `ranges` (ZIP). `mode=every`: files of `pages_per_file` pages (ZIP). `mode=extract`: one PDF of the `pages` selected. `mode=blank`: a blank page (as `remove-blank` decides, at `threshold`) ends a part and is dropped (`X-Removed-Pages`). `mode=qr`: a page carrying a QR code (any, or exactly `qr_text`) starts a part; the separator is dropped unless `keep_separator=true` (`X-Separator-Pages`: the separators, or `none` when no page matched and the one part is the whole document). `mode=size`: consecutive parts each at most `max_size` bytes as written; a page larger alone is a part of its own (`X-Oversize-Parts`). `mode=bookmarks`: one part per top-level outline entry, named `<stem>-<n>-<title>.pdf`. ZIP entries are otherwise named `<stem>-<n>.pdf`. Outputs are not encrypted.
         */
        post: operations["split"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/protect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Encrypt a PDF
         * @description Encrypts with AES-256 (default) or AES-128. Give `user_password` (needed to open) and/or `owner_password` (needed to change permissions); without an owner password a random one is set. Passwords are taken literally (one starting with `-` or `@`, or `--`, is a password like any other). Permissions default to allowed. `allow_accessibility=false` cannot be enforced with AES encryption (PDF 2.0 readers always permit accessibility extraction): the response then carries `X-Ignored-Options: allow_accessibility`.
         */
        post: operations["protect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/unlock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove encryption
         * @description Removes encryption and restrictions. `password` is needed when the file has a user (open) password; owner-only files unlock without one. An unencrypted input comes back unchanged.
         */
        post: operations["unlock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/ocr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * OCR: make a scan searchable
         * @description OCRmyPDF over Tesseract. Input: a PDF, or a PNG, JPEG or TIFF image (assumed 300 dpi when it states no resolution above 96 dpi). `mode=skip-text` leaves pages that already have text as they are (listed in `X-OCR-Skipped-Pages`); `force` rasterizes them and OCRs anyway; `redo` replaces an earlier OCR layer but keeps real text. `output=pdf` (`<stem>-ocr.pdf`), `pdfa` (PDF/A-2b) or `txt` (`<stem>.txt`, pages separated by form feeds). A page that could not be recognized in time is a 504 and any other unrecognized page a 500, both naming the pages in `pages`: never a PDF with a silently missing text layer. Header `X-OCR-Pages`: pages OCR'd. An image (upload or embedded) over MAX_RENDER_PIXELS is refused with 413 `file_too_large` before any OCR.
         */
        post: operations["ocr"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/extract-text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract text
         * @description The text layer (pdftotext, UTF-8). `format=text`: `text/plain; charset=utf-8`, the pages separated by a form feed (`\f`), as `<stem>.txt`. `format=json`: `{"pages":[{"page":1,"text":"…"}]}`, one entry per requested page in the order of `pages`, as `<stem>.json`. `ocr=auto` OCRs the requested pages whose text layer is empty or only whitespace (Tesseract, `languages`, default `eng`) and puts their text in place; with `ocr=never` such pages are empty strings. Without OCR the OPERATION_TIMEOUT applies, with it OCR_TIMEOUT.
         */
        post: operations["extractText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/watermark": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stamp text or an image on pages
         * @description Exactly one of `text` or the file part `image` (PNG or JPEG; PNG transparency kept). The mark is placed on each selected page as the reader sees it (rotated pages, offset boxes and mixed sizes included), shrunk to fit inside a margin of 5% of the shorter page side. Text in any script Noto covers (Latin, Greek, Cyrillic, Arabic, Hebrew, Indic scripts, Thai, Chinese, Japanese, Korean, mixed runs) is shaped by HarfBuzz, laid out right-to-left where Unicode bidi says so, set in the bundled Noto fonts (only the glyphs used embedded) and stays extractable in logical order; a character no bundled font has is a 400 naming it. Content streams are not rewritten. Output is not encrypted.
         */
        post: operations["watermark"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/convert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Convert a PDF to another format, or an Office document to PDF
         * @description PDF input: `to`=docx|odt (editable text keeping the page: columns as sections, figures as pictures (JPEG photos as the JPEG they are), tables ruled or set out by aligned text as tables, bullets and numbered items as lists, running header/footer as header/footer), xlsx (one sheet `p<page>-t<n>` per table, ruled or aligned, continued across pages joined, merged cells kept, numbers, percentages, currencies and dates typed with their number format; a document without tables gives one sheet per page of its text lines; `X-Tables` says how many tables were found), csv (the same tables, RFC 4180 UTF-8, as shown; one table → the CSV, several → ZIP of `<stem>-p<page>-t<n>.csv`, at most MAX_OUTPUT_FILES), pptx (one slide per page at the page size, pages of another size scaled to the first page's: text as editable text boxes in place, pictures and drawings as images), txt, html (one self-contained file), svg, png|jpeg|tiff (page images at `dpi`), pdfa (PDF/A-`pdfa`, sRGB output intent, fonts embedded). Page images and SVG: one page → the file, several → ZIP of `<stem>-<n>.<ext>`; tiff is one multi-page file. Office/OpenDocument/RTF/plain-text input (sniffed from content): `to=pdf`. `dpi` only applies to png/jpeg/tiff, `pages` to png/jpeg/tiff/svg, `pdfa` to to=pdfa, `ocr` and `languages` to xlsx/csv/pptx; elsewhere they are refused. With `ocr=auto` (xlsx/csv/pptx), when any page has no text layer OCRmyPDF recognizes those pages first (Tesseract, `languages`, default eng; `X-OCR-Pages` says how many), within OCR_TIMEOUT (without OCR, OPERATION_TIMEOUT). A page that would exceed MAX_RENDER_PIXELS at `dpi` gives 413 page_too_large. HTML and Markdown input (`to=pdf`): an .html/.htm page, a .md file (rendered with a clean default stylesheet), or a ZIP with index.html and its assets (entries with `..` or absolute paths → 400), printed by headless Chromium with no network access: anything not in the upload is refused, and `X-Blocked-Resources` says how many requests were. JavaScript runs, bounded by the operation time limit (504) and CHROMIUM_MEMORY_LIMIT per renderer (422 resource_limit); a result over MAX_PAGES pages gives 413 too_many_pages. Page setup for this input only: `paper`, `landscape`, `margin`, `print_background`; `tagged`=true asks for a tagged (accessible) PDF, which takes longer to print (off by default).
         */
        post: operations["convert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract images from a PDF, or make a PDF from images
         * @description `mode=extract` (PDF in `file`): a ZIP of the images the PDF draws, at native resolution, in page order, each image object once (entries `<stem>-<n>.<ext>`, header `X-Image-Count`; soft masks are not output). `format=original` keeps JPEG, JPEG 2000, JBIG2 (`.jb2e`, globals `.jb2g`) and CCITT (`.ccitt` + `.params`) streams as they are, CMYK as TIFF, others as PNG; `format=png` makes every image PNG. `min_size` keeps images whose width and height are both at least that many pixels. `mode=to-pdf` (images in `files`): one page per image in upload order, JPEG embedded without re-encoding, PNG/GIF transparency kept, EXIF rotation applied; `page_size=fit` makes each page the image size (at its DPI) plus `margin`, `a4`/`letter` fit the image inside the margins, page turned to the image orientation. The mode is inferred from the upload when absent. Output: `<stem>-images.zip` or `<stem>.pdf` (stem of the first image).
         */
        post: operations["images"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/compress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compress a PDF
         * @description `level=low`: lossless (duplicate objects shared, object streams, Flate recompressed). `level=medium` (default): images above 225 dpi downsampled to 150 dpi, JPEG quantisation of Ghostscript /ebook (≈ quality 62), fonts subset, then the lossless pass. `level=high`: images above 144 dpi downsampled to 96 dpi, JPEG ≈ quality 50, same passes. `grayscale=true` converts all colour to gray (medium/high). Text stays text; page objects, links, outlines, form fields and metadata are kept; an encrypted input comes back encrypted the same way. The result is never larger than the input: `X-Original-Size` and `X-Compressed-Size` are always set; `X-Compression-Applied: false` (and `X-Compression-Level: none`) means the input came back unchanged; otherwise `X-Compression-Level` names the level whose result was returned (`low` when a lossy level gained nothing but the lossless pass did).
         */
        post: operations["compress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate pages
         * @description Adds `angle` (clockwise) to the current /Rotate of each selected page; pages not selected and all page content are left as they are. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/organize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reorder, repeat, drop and insert pages
         * @description `order` lists the output’s pages: `N`, `N-M` (backwards when M < N), `N-` (to the last page) and `blank` (an empty page of the size and rotation of the page before it, or of page 1), comma-separated; pages may repeat, pages not named are dropped. Outlines, links and named destinations that pointed at dropped pages are removed; those to kept pages stay. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["organize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/page-numbers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stamp page numbers
         * @description Writes `format` on each selected page, with `{n}` the page number (page 1 is `start`), `{total}` the document’s page count and `{n:W}` the number zero-padded to W digits (Bates numbers: `ACME-{n:6}`). Numbering follows page position even when `pages` selects only some pages. The text is real, extractable text in any script (shaped by HarfBuzz, right-to-left runs by Unicode bidi) in the bundled Noto fonts, placed `margin` points inside the visible page (the trim box, else crop box, as the reader sees it whatever /Rotate), shrunk if it would not fit. Content streams are not rewritten. Output is not encrypted.
         */
        post: operations["pageNumbers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read or edit document metadata
         * @description Without any of the six fields: JSON `{"title","author","subject","keywords","creator","producer","created","modified","pages","pdf_version","encrypted","pdfa"}` (Info dictionary first, XMP where Info is silent; absent values null; dates ISO 8601; `pdfa` from the XMP pdfaid part and conformance, e.g. "2B"). With any of them: the PDF with the Info dictionary and the XMP packet (dc:title, dc:creator, dc:description, pdf:Keywords, xmp:CreatorTool, pdf:Producer) both set, an empty value removing the entry, ModDate/xmp:ModifyDate set to now, every other XMP property kept. Encrypted inputs are opened with `password`; a written result is not encrypted.
         */
        post: operations["metadata"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/repair": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Repair a damaged PDF
         * @description Rebuilds the file from what can be recovered: qpdf’s reconstruction first (cross-reference table rebuilt, stream lengths recovered); MuPDF’s recovery where qpdf cannot open the file; Ghostscript redrawing the pages where the rewritten file still has undecodable streams. The result passes `qpdf --check`. Header `X-Repair-Actions`: comma-separated tokens of what was done (`xref-rebuilt`, `streams-fixed`, `rewritten-by-mupdf`, `rewritten-by-ghostscript`; `none` for a file that needed nothing). Unrecoverable → 422 `invalid_pdf`. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["repair"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/flatten": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flatten form fields and annotations
         * @description `forms`: appearances are generated for fields that lack one (NeedAppearances), then every field is drawn into the page content and the form (AcroForm) is removed; other annotations stay. `annotations`: every non-form annotation with an appearance is drawn in and removed; form fields stay interactive. `all`: both. What a viewer shows on screen is what gets drawn (hidden annotations are dropped, not drawn); links without an appearance keep working. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["flatten"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/redact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Redact text, patterns and areas
         * @description Removes content, not just covers it: MuPDF (1.21) redaction deletes the matched glyphs from the content streams (form XObjects included) and replaces the pixels of images under each redaction; then vector content there is removed (pikepdf): every subpath with a vertex or a curve in a redacted rectangle (an area, or the whole glyph box of a match, so its underline goes too), shadings painted there and inline images; only straight lines crossing with both ends outside (rules, frames, backgrounds) stay, and filled upright rectangles and stroked straight lines keep their parts outside. Form XObjects are rewritten as copies. A filled rectangle in `color` is drawn in their place. Matching is per text block of the page (lines joined by a space, so a phrase broken across lines matches). `terms` are literal and case-insensitive; `regex` patterns are ECMAScript 5 syntax (no lookbehind, named groups or flags; case-sensitive) evaluated in the tool process under the operation deadline. Document Info entries, the XMP packet and annotations whose text contains a match are deleted. The file is rewritten without earlier revisions and without encryption. Headers: `X-Redactions`, the number of matches plus areas; `X-Redactions-Vector`, the vector items (subpaths, shadings, inline images) removed. Text that MuPDF cannot map to Unicode cannot be matched.
         */
        post: operations["redact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign with a certificate (PAdES B-B, B-T, B-LT, B-LTA)
         * @description Adds a PAdES baseline B-B signature (`/SubFilter /ETSI.CAdES.detached`: detached CMS with content-type, message-digest and ESS signing-certificate-v2 signed attributes, SHA-256; the signing time is the signature dictionary's /M) made with the key and certificate of the uploaded PKCS#12 (`certificate`, opened with `certificate_password`; any further certificates in it are embedded as the chain). `level` b-t, b-lt and b-lta add an RFC 3161 signature time-stamp from `timestamp_url` (or SIGN_TSA_URL), then a DSS with the chains and revocation answers, then a document time-stamp (API.md §5i); every answer is checked before it is embedded, and a time-stamp authority, OCSP responder or CRL distribution point that fails, answers garbage or sits on a private address (unless SIGN_ALLOW_PRIVATE) → 502 `upstream_failed` naming it, charged when the request named it (refunded when it is the server default SIGN_TSA_URL or its default certificate); a revoked signer → 422 `invalid_certificate`. The signature is appended as an incremental update, so the original bytes and any signature already on them stay valid. An encrypted input is opened with `password` and rewritten unencrypted before signing (signatures it carried do not survive that). `visible=true` draws a box with the signer's name, the date and the reason at `rect` on `page`. A wrong `certificate_password` → 422 `incorrect_password`; a certificate that is expired, not yet valid, whose key usage excludes signing, or whose key is not RSA/ECDSA → 422 `invalid_certificate`. The certificate's trust is not checked (use `verify`/your validator). Without a `certificate` part the server's default certificate is used when one is configured (SIGN_DEFAULT_CERTIFICATE_FILE; then `certificate_password` is refused, the default's password being the server's); with none configured a `certificate` part is required (400).
         */
        post: operations["sign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify digital signatures
         * @description JSON `{"signatures":[{"signer","signed_at","valid","covers_whole_document","reason"}]}`, one entry per signature in field order (an empty list for an unsigned file). `valid`: the signature is cryptographically correct over the bytes it signs (poppler pdfsig with NSS); `covers_whole_document`: those bytes are the whole file (false once anything was appended after signing, e.g. a later incremental update or a second signature); `signer`: the certificate's common name; `signed_at`: the signature's /M time (ISO 8601, UTC); `modifications`: what was appended after the signed bytes — `none`, `allowed` (a DSS, document time-stamps, further signatures) or `other`. `type` (`signature`|`document_timestamp`), `level` (`b-b`|`b-t`|`b-lt`|`b-lta`), `timestamp` ({time, authority, valid} or null), `revocation` ({status: good|revoked|unknown, source: dss|ocsp|crl|null, error}: the DSS first, then online when SIGN_VERIFY_ONLINE; `error` says why a due online check gave no status — source failed, none named, or the per-request limit reached — and header `X-Revocation-Unchecked` counts such signatures), `chain` ([{subject, issuer, not_before, not_after}]) and `trusted` (the chain reaches SIGN_TRUST_STORE, else the system's CAs) as in API.md §5i. A file that needs a user password cannot be verified (pdfsig takes passwords only on its command line, which this service never uses for secrets) and is refused with 422.
         */
        post: operations["verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/inspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report the structure of a PDF
         * @description JSON `{"pdf_version","file_size","page_count","pages":[{"number","width","height","rotate","has_text","images","fonts"}],"encryption","metadata","linearized","tagged","pdfa","pdfua","forms":{"type","fields"},"signatures","attachments","attachment_annotations","javascript","outline_entries","layers","fonts":[{"name","type","embedded","subset"}]}`, read from the file itself: pages are run by MuPDF, so a page's `fonts`, `images` (images drawn) and `has_text` are what its content draws; width and height are of the visible page in pt; the page count is the page tree as walked; `encryption` is null or `{"method":"AES-256"|"AES-128"|"RC4-128"|"RC4-40","permissions"}`; `linearized` is confirmed by `qpdf --check-linearization`; `pdfa` is the level the XMP claims. A tree too large to walk (over 200,000 nodes) is counted up to that point and named in the header `X-Inspect-Truncated`. Encrypted inputs are opened with `password`.
         */
        post: operations["inspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/attachments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * List, extract, add or remove embedded files
         * @description Document-level embedded files (the EmbeddedFiles names tree). `action=list` → JSON `{"attachments":[{"name","size","content_type","created","modified","description"}]}` (size: bytes once decoded, counted up to MAX_FILE_SIZE, null beyond it). `action=extract` → a ZIP of the files (`names` picks some; names made safe: no directories, `..`, control or reserved characters, duplicates numbered), or the file itself when one name is given; each file is bounded by MAX_FILE_SIZE once decoded and the count by MAX_OUTPUT_FILES (422 resource_limit). `action=add` with one or more `attachments` file parts (their MIME type sniffed from the bytes; `description` for all) → the PDF; a name already present is replaced. `action=remove` (`names`, default all) → the PDF, header `X-Removed-Attachments`. An unknown name → 400. Encrypted inputs are opened with `password`; a written result is not encrypted.
         */
        post: operations["attachments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/sanitize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove active and hidden content
         * @description Removes each named class wherever it sits (catalog, pages, annotations, form fields, outline items, action chains, names trees, object streams), then writes the file whole, so no earlier revision of an incremental update survives. Classes: `javascript` (JavaScript actions and the JavaScript names tree), `actions` (every other action but internal GoTo: launch, submit-form, import-data, URI, open and page actions…), `embedded_files` (the EmbeddedFiles tree, file-attachment annotations, /AF), `links` (link annotations), `annotations` (all others but form widgets), `forms` (the AcroForm and its widgets), `metadata` (the Info dictionary), `xmp` (every XMP packet), `thumbnails`, `hidden_layers` (optional-content groups off by default, with the content, XObjects and annotations only they show). Header `X-Sanitized: javascript=3,embedded_files=1` (objects removed per named class). Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["sanitize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/linearize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Optimize a PDF for fast web view
         * @description Rewrites the file linearized (qpdf `--linearize`): the first page and its objects come first with hint tables, so a viewer shows page 1 before the whole file has arrived. `qpdf --check-linearization` passes on the result. Stream data is copied as it is. Encrypted inputs are opened with `password`; the result is not encrypted.
         */
        post: operations["linearize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/forms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read or fill form fields
         * @description Without `values`: JSON `{"fields":[{"name","type","value","options","page","rect","required","read_only","max_length"}]}`, one entry per terminal AcroForm field (`rect` [x,y,w,h] in pt from the top-left of the visible page, of its first widget; checkbox values true/false). With `values`: the PDF with those fields set and their appearance streams drawn (single- and multi-line text, comb fields, list and combo boxes, checkbox and radio on-states; text outside WinAnsi in the Noto face of its script, shaped and embedded as a subset), so every viewer shows the values; NeedAppearances and any XFA packet are removed. `flatten=true` then draws the fields into the page. An unknown field, a value of the wrong type, an option a field does not offer, a read-only field or a value past MaxLen → 400 naming the field; an XFA-only form → 422 unsupported_document. Encrypted inputs are opened with `password`; a filled result is not encrypted.
         */
        post: operations["forms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/bookmarks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read or write the outline (bookmarks)
         * @description Without `bookmarks`: JSON `{"bookmarks":[{"title","page","children":[…]}]}`, titles in Unicode, pages 1-based, resolved through named destinations (the /Dests dictionary and name tree) and GoTo actions; null when an entry leads nowhere in this document. With `bookmarks`: the PDF whose outline is exactly that (every entry open, each to the top of its page); an empty list removes the outline. A page past the last → 400. Reading what was written gives the same JSON. Encrypted inputs are opened with `password`; a written result is not encrypted.
         */
        post: operations["bookmarks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/crop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Crop pages to a box or to their content
         * @description Exactly one of `box` (`x,y,w,h` in pt from the visible page’s top-left, whatever its rotation and box offsets) or `auto=true` (the bounding box of what each page draws — text, images, vector paths — as Ghostscript renders it, plus `margin`, clipped to the page). Sets the CropBox and clips TrimBox/BleedBox/ArtBox to it; content outside stays in the file (use `redact` to remove it). A page that draws nothing is left as it is and named in `X-Uncropped-Pages`. A box reaching outside a page → 400. Output is not encrypted.
         */
        post: operations["crop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/resize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resize pages to a paper size
         * @description `paper` (default a4) or `size`=`w,h` in pt. Each selected page gets exactly that size, turned to its own orientation (a landscape page stays landscape); its content is scaled and centred: `contain` fits it whole, `cover` fills the page (the overflow is cut by the page edge), `stretch` scales width and height apart. Content stays vector; links and annotations move with their content. Output is not encrypted.
         */
        post: operations["resize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/n-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Put several pages on each sheet
         * @description Sheet k holds pages (k−1)·n+1 … k·n, filled by `rows` (left to right, top to bottom) or `columns`. 2, 6 and 8 per sheet use landscape sheets, 4, 9 and 16 portrait. Each page is scaled to its cell keeping its aspect ratio, shown upright as a viewer shows it, and kept vector (placed as a form XObject of its own content); links move with it, and links and outline entries that pointed at a page point at its sheet. Output is not encrypted.
         */
        post: operations["nUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/booklet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Impose pages for a folded booklet
         * @description Two pages per side of a landscape `paper` sheet in saddle-stitch order, padded with blank pages to a multiple of 4: printed duplex (flip on the short edge) and folded, it reads 1, 2, 3, …. `binding=right` mirrors the order for right-to-left books. Pages are scaled to their half keeping their aspect ratio, upright, and kept vector. Output is not encrypted.
         */
        post: operations["booklet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/overlay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lay the pages of another PDF over or under the pages
         * @description The `overlay` PDF’s pages are drawn over (`layer=over`) or under the document’s pages (letterheads, stamps, backgrounds), each scaled to fit the target page’s visible box and upright. `repeat=true`: overlay page i goes on page i, cycling; `false`: overlay page 1 on every page. The overlay keeps its own resources (no clash with the page’s font or image names) and stays vector. Output is not encrypted.
         */
        post: operations["overlay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/remove-blank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Remove blank pages
         * @description A page is blank when at most `threshold` of the pixels of its 72 dpi grey render are darker than light grey (level 200 of 255) and it has no text layer; scanner speckle stays under the default. The answer carries `X-Removed-Pages` (1-based page numbers of the input, comma-separated, empty when none). A document whose every page is blank → 422 `invalid_document`. Output is not encrypted.
         */
        post: operations["removeBlank"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compare two PDFs
         * @description What changed from the first PDF (old) to the second (new). Text is compared word by word in reading order across page breaks (pdftotext word boxes, a Myers diff), so text that reflowed onto the next page is not a change; changes come as insert, delete and replace runs with the words' boxes on each side (pt from the top-left of the page as displayed; a run crossing a page break is split there). Pages are paired by the text they share (an inserted page shifts the pairing), and each pair is rendered (MuPDF, 72 dpi) and compared as pixels for changes text cannot show (pictures, drawings, colour); anti-aliasing noise and pixels under changed or moved words are not counted. `format=json`: `{"summary":{…},"changes":[…],"visual":[…]}`; `format=pdf`: a report (a summary page, then each changed page of the new document beside the old one, insertions green, deletions red, visual changes outlined blue; the pages embedded as vector content). `ocr=auto` OCRs a document that has pages without text first (Tesseract, `languages`). Both files count against MAX_PAGES together. Headers: `X-Compare-Pairs` (page pairs compared), `X-Compare-Visual-Skipped` (pairs `old:new` too large to render under MAX_RENDER_PIXELS and 16 million pixels), `X-OCR-Pages-Old`/`X-OCR-Pages-New` (pages OCR read).
         */
        post: operations["compare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pdf/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run several operations in one request
         * @description Runs `steps` in order on the upload; each step’s PDF is the next step’s `file`, kept in the server’s work directory. Every step is checked before any work (400 naming `steps[i].options.<field>`); a step whose output is not one PDF must be last; at most MAX_PIPELINE_STEPS steps. Charged one request per step, all before any work (429 quota_exceeded and nothing charged if fewer remain); refunded as a whole as any request. The answer is the last step’s, with its headers and `X-Pipeline: <operation>=<ms>ms,…`. A failing step ends the pipeline with its problem and `step` (0-based). Uploads: `file` or `files` (the first step’s input) and any part a step option names as "@name".
         */
        post: operations["pipeline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description RFC 9457 problem details; `type` is https://pdf-service.dev/problems/<code>. */
        Problem: {
            type: string;
            title: string;
            status: number;
            detail: string;
            code: string;
            request_id: string | null;
        };
        Account: {
            account: string;
            /** @enum {string} */
            plan: "free" | "pro" | "enterprise";
            daily_limit: number | null;
            used_today: number;
            remaining: number | null;
            /** Format: date-time */
            resets_at: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "degraded";
            tools: {
                [key: string]: string | null;
            };
            /** @description How tool processes are isolated from each other: "namespaces" (root), "landlock" (another user: each tool confined to its work directory) or "none: <why>" (TOOL_ISOLATION). */
            isolation?: string;
        };
        Job: {
            id: string;
            operation: string;
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed" | "canceled";
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            finished_at: string | null;
            progress?: number | null;
            result: null | {
                /** @description Where to download the result; null when it was delivered to result_url. */
                url: string | null;
                /** @description The result_url (without its query) the result was PUT to; only then. */
                delivered_to?: string;
                filename: string;
                content_type: string;
                size: number;
                /** Format: date-time */
                expires_at: string;
            };
            error: null | components["schemas"]["Problem"];
            /** @description Delivery to the job’s result_url: null without one, and until the result is ready to go; then `pending` (the job stays `running`, retried on the webhooks’ schedule off the workers), `delivered` (the job succeeded) or `failed` (the job failed with 502 upstream_failed, charged). `attempts`: PUTs made so far. */
            delivery: null | {
                /** @enum {string} */
                status: "pending" | "delivered" | "failed";
                attempts: number;
            };
        };
        Usage: {
            account: string;
            /** Format: date */
            from: string;
            /** Format: date */
            to: string;
            days: {
                /** Format: date */
                date: string;
                /** @description Requests charged that UTC day (the allowance counter). */
                requests: number;
                by_operation: {
                    [key: string]: number;
                };
            }[];
        };
        AdminAccount: {
            account: string;
            /** @enum {string} */
            plan: "free" | "pro" | "enterprise";
            daily_limit: number | null;
            used_today: number;
            /** Format: date-time */
            created_at: string;
        };
        KeyInfo: {
            prefix: string;
            last4: string;
            account: string;
            name: string | null;
            scopes: string[] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description A time still ahead: the end of a rotation's grace period.
             */
            revoked_at: string | null;
            /** @description Prefix of the key that replaced it. */
            rotated_to: string | null;
        };
        /** @description A new key (created or rotated): its listing, the key itself (shown this once) and, after a rotation, what it replaced. */
        CreatedKey: {
            /** @description The key itself: shown this once. */
            key: string;
            prefix: string;
            last4: string;
            account: string;
            name: string | null;
            scopes: string[] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: date-time */
            last_used_at: string | null;
            /**
             * Format: date-time
             * @description A time still ahead: the end of a rotation's grace period.
             */
            revoked_at: string | null;
            /** @description Prefix of the key that replaced it. */
            rotated_to: string | null;
            /** @description Rotation: the prefix of the old key. */
            replaces?: string;
            /**
             * Format: date-time
             * @description Rotation: when the old key stops working.
             */
            old_key_expires_at?: string;
        };
        BrowserToken: {
            /** @description `pdf_tok_…`: send as `Authorization: Bearer <token>`. */
            token: string;
            /** Format: date-time */
            expires_at: string;
            scopes: string[] | null;
            max_uses: number | null;
            origin: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description All required tools are usable. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description A required tool is missing. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
        };
    };
    account: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Usage of the UTC day. */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default 600 */
                    ttl_seconds?: number;
                    /** @description Operation names (e.g. `merge`); absent: every operation. */
                    scopes?: string[];
                    max_uses?: number;
                    /** @description scheme://host[:port] of the page, e.g. `https://app.example.com`. */
                    origin?: string;
                };
            };
        };
        responses: {
            /** @description The token (shown once). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BrowserToken"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: a scope the key does not have, or a token trying to mint. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    accountUsage: {
        parameters: {
            query?: {
                days?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One entry per day, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accounts by name. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: components["schemas"]["AdminAccount"][];
                    };
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account: string;
                    /** @enum {string} */
                    plan: "free" | "pro" | "enterprise";
                };
            };
        };
        responses: {
            /** @description The account. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAccount"];
                };
            };
            /** @description invalid_request, also when the account exists. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminSetPlan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                account: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    plan: "free" | "pro" | "enterprise";
                };
            };
        };
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAccount"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such account or key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminAccountUsage: {
        parameters: {
            query?: {
                /** @description Default: 29 days before `to`. */
                from?: string;
                /** @description Default: today (UTC). At most 366 days in all. */
                to?: string;
            };
            header?: never;
            path: {
                account: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One entry per day, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such account or key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListKeys: {
        parameters: {
            query?: {
                account?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: components["schemas"]["KeyInfo"][];
                    };
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such account or key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account: string;
                    /** @description Operation names (e.g. `merge`); absent: every operation. */
                    scopes?: string[];
                    /** Format: date-time */
                    expires_at?: string;
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The key, shown once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedKey"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such account or key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminRevokeKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's prefix, e.g. `pdf_live_AbCd1234`. */
                prefix: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such account or key. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminRotateKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's prefix, e.g. `pdf_live_AbCd1234`. */
                prefix: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @default 3600 */
                    grace_seconds?: number;
                };
            };
        };
        responses: {
            /** @description The new key (same account, name, scopes and expiry), shown once, with `replaces` and `old_key_expires_at`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedKey"];
                };
            };
            /** @description invalid_request: a field is missing or wrong (`field` names it). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description forbidden: the request does not carry the admin token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such key, or it is revoked or already rotated. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description missing_api_key or invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job, canceled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description The finished job and its result were deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description missing_api_key or invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such job for this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJobResult: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description missing_api_key or invalid_api_key. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description not_found: no such job for this account, or the job failed or was canceled (no result). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description job_not_finished: the job is queued or running. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description result_expired: the result was deleted after JOB_RESULT_TTL. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    merge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    files?: string[];
                    files_url?: string[];
                    /**
                     * @description Add one outline entry per input, titled by its file name.
                     * @default false
                     * @enum {string}
                     */
                    bookmarks?: "true" | "false";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    split: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to split. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description How to split.
                     * @default ranges
                     * @enum {string}
                     */
                    mode?: "ranges" | "every" | "extract" | "blank" | "qr" | "size" | "bookmarks";
                    /** @description mode=ranges: one output per item, e.g. 1-3,4-6,7- */
                    ranges?: string;
                    /** @description mode=every: pages per output file (1..100000) */
                    pages_per_file?: string;
                    /** @description mode=extract: the pages of the single output, e.g. 1-3,5 */
                    pages?: string;
                    /** @description A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1) */
                    threshold?: string;
                    /** @description mode=qr: only a QR code with exactly this text separates (default: any). */
                    qr_text?: string;
                    /**
                     * @description mode=qr: keep the separator page as the first page of its part (default false).
                     * @enum {string}
                     */
                    keep_separator?: "true" | "false";
                    /** @description mode=size: the most bytes a part may have (1024..4000000000) */
                    max_size?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    protect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to encrypt. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Password needed to open the document. */
                    user_password?: string;
                    /** @description Password needed to lift the restrictions. */
                    owner_password?: string;
                    /**
                     * @description Cipher.
                     * @default aes-256
                     * @enum {string}
                     */
                    encryption?: "aes-256" | "aes-128";
                    /**
                     * @description Allow printing.
                     * @default true
                     * @enum {string}
                     */
                    allow_print?: "true" | "false";
                    /**
                     * @description Allow copying text and images.
                     * @default true
                     * @enum {string}
                     */
                    allow_copy?: "true" | "false";
                    /**
                     * @description Allow other modifications.
                     * @default true
                     * @enum {string}
                     */
                    allow_modify?: "true" | "false";
                    /**
                     * @description Allow adding annotations.
                     * @default true
                     * @enum {string}
                     */
                    allow_annotate?: "true" | "false";
                    /**
                     * @description Allow filling in forms.
                     * @default true
                     * @enum {string}
                     */
                    allow_fill_forms?: "true" | "false";
                    /**
                     * @description Allow inserting, rotating and deleting pages.
                     * @default true
                     * @enum {string}
                     */
                    allow_assemble?: "true" | "false";
                    /**
                     * @description Allow text extraction for accessibility (always allowed by AES-encrypted files; see description).
                     * @default true
                     * @enum {string}
                     */
                    allow_accessibility?: "true" | "false";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unlock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The encrypted PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    ocr: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The scanned PDF or image. Accepted (sniffed): application/pdf, image/png, image/jpeg, image/tiff. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones.
                     * @default eng
                     */
                    languages?: string;
                    /**
                     * @description What to do with pages that already have text.
                     * @default skip-text
                     * @enum {string}
                     */
                    mode?: "skip-text" | "force" | "redo";
                    /**
                     * @description Straighten skewed pages before OCR (not with mode=redo).
                     * @default false
                     * @enum {string}
                     */
                    deskew?: "true" | "false";
                    /**
                     * @description Turn pages upright by detected orientation.
                     * @default false
                     * @enum {string}
                     */
                    rotate_pages?: "true" | "false";
                    /**
                     * @description Searchable PDF, PDF/A-2b, or the recognized text.
                     * @default pdf
                     * @enum {string}
                     */
                    output?: "pdf" | "pdfa" | "txt";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "text/plain": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    extractText: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Pages to extract, e.g. 1-3,5 (all when absent) */
                    pages?: string;
                    /**
                     * @description Keep the physical layout (columns, indentation) instead of reading order.
                     * @default false
                     * @enum {string}
                     */
                    layout?: "true" | "false";
                    /**
                     * @description Plain text with form feeds between pages, or JSON per page.
                     * @default text
                     * @enum {string}
                     */
                    format?: "text" | "json";
                    /**
                     * @description auto: OCR the pages that have no text layer.
                     * @default never
                     * @enum {string}
                     */
                    ocr?: "never" | "auto";
                    /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                    languages?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                    "application/json": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    watermark: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to watermark. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Image mark (PNG or JPEG), instead of `text`. Accepted (sniffed): image/png, image/jpeg. */
                    image?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `image` instead of an upload (https; counted like an upload).
                     */
                    image_url?: string;
                    /** @description Text mark (instead of the `image` file part), in any script. */
                    text?: string;
                    /**
                     * @description Typeface of the text: sans, serif or mono (default sans); other scripts fall back to the Noto face that has them.
                     * @enum {string}
                     */
                    font?: "sans" | "serif" | "mono";
                    /** @description Text size in points (default 48); shrunk if the text would not fit the page (1..1000) */
                    font_size?: string;
                    /** @description Text colour #RRGGBB (default #808080). */
                    color?: string;
                    /**
                     * @description Opacity, 0 (invisible) to 1 (opaque) (0..1)
                     * @default 0.3
                     */
                    opacity?: string;
                    /**
                     * @description Counter-clockwise angle in degrees, as the reader sees the page (-360..360)
                     * @default 45
                     */
                    rotation?: string;
                    /**
                     * @description Where the mark goes; `tile` repeats it over the page.
                     * @default center
                     * @enum {string}
                     */
                    position?: "center" | "top-left" | "top" | "top-right" | "left" | "right" | "bottom-left" | "bottom" | "bottom-right" | "tile";
                    /** @description Pages to mark, e.g. 1-3,5 (default: all) */
                    pages?: string;
                    /**
                     * @description Over the page content, or under it (hidden by opaque content).
                     * @default over
                     * @enum {string}
                     */
                    layer?: "over" | "under";
                    /** @description Image width as a fraction of the page width (default 0.5) (0.01..1) */
                    image_scale?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    convert: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description A PDF; or for to=pdf an Office/OpenDocument/RTF/text document, an HTML page, a Markdown (.md) file, or a ZIP with index.html and its assets. Accepted (sniffed): application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/vnd.openxmlformats-officedocument.presentationml.presentation, application/vnd.oasis.opendocument.text, application/vnd.oasis.opendocument.spreadsheet, application/vnd.oasis.opendocument.presentation, application/x-ole-storage, application/rtf, text/plain, text/html, application/zip. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Target format: docx, odt, xlsx, csv, pptx, txt, html, png, jpeg, tiff, svg, pdfa, pdf.
                     * @enum {string}
                     */
                    to: "docx" | "odt" | "xlsx" | "csv" | "pptx" | "txt" | "html" | "png" | "jpeg" | "tiff" | "svg" | "pdfa" | "pdf";
                    /** @description png/jpeg/tiff: resolution (default 150) (36..600) */
                    dpi?: string;
                    /** @description png/jpeg/tiff/svg: the pages to convert, e.g. 1-3,5 (default all) */
                    pages?: string;
                    /**
                     * @description to=pdfa: PDF/A part and conformance (default 2b).
                     * @enum {string}
                     */
                    pdfa?: "2b" | "1b" | "3b";
                    /**
                     * @description xlsx/csv/pptx: `auto` OCRs pages without a text layer first (default never).
                     * @enum {string}
                     */
                    ocr?: "never" | "auto";
                    /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                    languages?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description HTML/Markdown input: paper size (default a4).
                     * @enum {string}
                     */
                    paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                    /**
                     * @description HTML/Markdown input: landscape orientation (default false).
                     * @enum {string}
                     */
                    landscape?: "true" | "false";
                    /** @description HTML/Markdown input: margin on every side in pt (default 36) (0..288) */
                    margin?: string;
                    /**
                     * @description HTML/Markdown input: print background colours and images (default true).
                     * @enum {string}
                     */
                    print_background?: "true" | "false";
                    /**
                     * @description HTML/Markdown input: a tagged (accessible) PDF with a structure tree; slower to print (default false).
                     * @enum {string}
                     */
                    tagged?: "true" | "false";
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": string;
                    "application/vnd.oasis.opendocument.text": string;
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                    "application/vnd.openxmlformats-officedocument.presentationml.presentation": string;
                    "text/csv": string;
                    "text/plain": string;
                    "text/html": string;
                    "image/svg+xml": string;
                    "image/png": string;
                    "image/jpeg": string;
                    "image/tiff": string;
                    "application/pdf": string;
                    "application/zip": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    images: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description mode=extract: the PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    files?: string[];
                    files_url?: string[];
                    /**
                     * @description extract (PDF in) or to-pdf (images in); inferred from the upload when absent.
                     * @enum {string}
                     */
                    mode?: "extract" | "to-pdf";
                    /**
                     * @description extract: keep encoded formats (default `original`) or convert all to PNG.
                     * @enum {string}
                     */
                    format?: "original" | "png";
                    /** @description extract: skip images narrower or lower than this many pixels (default 0) (0..1000000) */
                    min_size?: string;
                    /**
                     * @description to-pdf: page size (default `fit`: the image size).
                     * @enum {string}
                     */
                    page_size?: "fit" | "a4" | "letter";
                    /** @description to-pdf: margin around each image in points (default 0) (0..1000) */
                    margin?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                };
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    compress: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to compress. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description How hard to compress.
                     * @default medium
                     * @enum {string}
                     */
                    level?: "medium" | "low" | "high";
                    /**
                     * @description Convert colour to gray (not with level=low, which is lossless).
                     * @default false
                     * @enum {string}
                     */
                    grayscale?: "true" | "false";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF whose pages to rotate. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Clockwise angle added to each selected page’s rotation.
                     * @enum {string}
                     */
                    angle: "90" | "180" | "270" | "-90";
                    /** @description Pages to rotate, e.g. 1-3,5 (default: all) */
                    pages?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    organize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to reorganize. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description The output pages in order, e.g. 3,1-2,blank,9-5,10- */
                    order: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pageNumbers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to number. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description The label: {n}, {total}, {n:W} placeholders, e.g. "Page {n} of {total}" or "ACME-{n:6}".
                     * @default {n}
                     */
                    format?: string;
                    /**
                     * @description Number of page 1 (0..999999999)
                     * @default 1
                     */
                    start?: string;
                    /** @description Pages that get a number, e.g. 2- (default: all) */
                    pages?: string;
                    /**
                     * @description Where on the page the number goes.
                     * @default bottom-center
                     * @enum {string}
                     */
                    position?: "bottom-center" | "bottom-left" | "bottom-right" | "top-left" | "top-center" | "top-right";
                    /**
                     * @description Distance from the page edges in points (0..500)
                     * @default 36
                     */
                    margin?: string;
                    /**
                     * @description Typeface: sans, serif or mono; other scripts fall back to the Noto face that has them.
                     * @default sans
                     * @enum {string}
                     */
                    font?: "sans" | "serif" | "mono";
                    /**
                     * @description Text size in points (1..200)
                     * @default 12
                     */
                    font_size?: string;
                    /**
                     * @description Text colour #RRGGBB.
                     * @default #000000
                     */
                    color?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    metadata: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to read or edit. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Document title (Info /Title, XMP dc:title) ("" removes it). */
                    title?: string;
                    /** @description Author (Info /Author, XMP dc:creator) ("" removes it). */
                    author?: string;
                    /** @description Subject (Info /Subject, XMP dc:description) ("" removes it). */
                    subject?: string;
                    /** @description Keywords (Info /Keywords, XMP pdf:Keywords) ("" removes it). */
                    keywords?: string;
                    /** @description Creating application (Info /Creator, XMP xmp:CreatorTool) ("" removes it). */
                    creator?: string;
                    /** @description Producing application (Info /Producer, XMP pdf:Producer) ("" removes it). */
                    producer?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    repair: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The damaged PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    flatten: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to flatten. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description What to flatten.
                     * @default all
                     * @enum {string}
                     */
                    what?: "all" | "forms" | "annotations";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    redact: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to redact. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Literal text to remove, case-insensitive; repeat the field for several.
                     * @default []
                     */
                    terms?: string | string[];
                    /**
                     * @description Regular expression (ECMAScript 5 syntax, case-sensitive) whose matches are removed; repeat the field for several.
                     * @default []
                     */
                    regex?: string | string[];
                    /** @description JSON array of rectangles `[{"page":1,"x":…,"y":…,"w":…,"h":…}]` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
                    areas?: string;
                    /**
                     * @description Fill colour of the boxes drawn in place of the removed content.
                     * @default #000000
                     */
                    color?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sign: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to sign. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description PKCS#12 (.p12/.pfx) with the signing key and certificate (and optionally its chain). Required unless the server has a default certificate configured. Accepted (sniffed): application/x-pkcs12. */
                    certificate?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `certificate` instead of an upload (https; counted like an upload).
                     */
                    certificate_url?: string;
                    /** @description Password of the PKCS#12 (empty or absent for none). Never logged. */
                    certificate_password?: string;
                    /** @description Reason for signing (/Reason). */
                    reason?: string;
                    /** @description Where it was signed (/Location). */
                    location?: string;
                    /** @description How to reach the signer (/ContactInfo). */
                    contact?: string;
                    /**
                     * @description Draw a visible signature box (needs `rect`).
                     * @default false
                     * @enum {string}
                     */
                    visible?: "true" | "false";
                    /** @description Page of the visible signature (default 1) (1..1000000) */
                    page?: string;
                    /** @description Visible signature box `x,y,w,h` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
                    rect?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description PAdES baseline level: `b-b` the signature alone; `b-t` with an RFC 3161 signature time-stamp; `b-lt` also the chains and OCSP responses or CRLs (fetched from the certificates' own addresses) in the document's DSS; `b-lta` also a document time-stamp over all of it.
                     * @default b-b
                     * @enum {string}
                     */
                    level?: "b-b" | "b-t" | "b-lt" | "b-lta";
                    /**
                     * Format: uri
                     * @description RFC 3161 time-stamp authority for levels b-t and up (default: the server's SIGN_TSA_URL).
                     */
                    timestamp_url?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    verify: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The signed PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    inspect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to inspect. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    attachments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    attachments?: string[];
                    attachments_url?: string[];
                    /**
                     * @description What to do.
                     * @default list
                     * @enum {string}
                     */
                    action?: "list" | "extract" | "add" | "remove";
                    /**
                     * @description action=extract or remove: the attachments by name (repeatable; default all).
                     * @default []
                     */
                    names?: string | string[];
                    /** @description action=add: the description given to each added file. */
                    description?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/pdf": string;
                    "application/zip": string;
                    "application/octet-stream": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sanitize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to sanitize. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Comma list of what to remove: javascript, actions, embedded_files, links, annotations, forms, metadata, xmp, thumbnails, hidden_layers.
                     * @default javascript,actions,embedded_files
                     */
                    remove?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    linearize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to linearize. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    forms: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF whose form to read or fill. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description JSON object: full field name ("parent.child") → value. Text fields take a string, checkboxes true or false, radio groups and choice fields one of their options (a multi-select list: an array of them). Without it the answer is the fields as JSON. */
                    values?: string;
                    /**
                     * @description After filling, draw the fields into the page content (no longer interactive).
                     * @default false
                     * @enum {string}
                     */
                    flatten?: "true" | "false";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    bookmarks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF whose outline to read or write. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description The outline to write: JSON `{"bookmarks":[{"title","page","children":[…]}]}` (or just the array), pages 1-based (null: no target). Without it the answer is the current outline as JSON. */
                    bookmarks?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    crop: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to crop. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description x,y,w,h in pt from the visible page’s top-left. */
                    box?: string;
                    /**
                     * @description Crop each page to what it draws (instead of `box`).
                     * @default false
                     * @enum {string}
                     */
                    auto?: "true" | "false";
                    /**
                     * @description auto=true: pt added around the drawn content (0..1000)
                     * @default 0
                     */
                    margin?: string;
                    /** @description Pages to crop, e.g. 1-3,5 (default: all) */
                    pages?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to resize. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Target paper (default a4).
                     * @enum {string}
                     */
                    paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                    /** @description w,h in pt (instead of `paper`). */
                    size?: string;
                    /**
                     * @description How content meets the new size.
                     * @default contain
                     * @enum {string}
                     */
                    fit?: "contain" | "cover" | "stretch";
                    /** @description Pages to resize, e.g. 1-3,5 (default: all) */
                    pages?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    nUp: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF whose pages to place. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Pages per sheet.
                     * @enum {string}
                     */
                    per_sheet: "2" | "4" | "6" | "8" | "9" | "16";
                    /**
                     * @description Sheet size.
                     * @default a4
                     * @enum {string}
                     */
                    paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                    /**
                     * @description How the cells fill.
                     * @default rows
                     * @enum {string}
                     */
                    order?: "rows" | "columns";
                    /**
                     * @description Draw a thin frame around each page.
                     * @default false
                     * @enum {string}
                     */
                    border?: "true" | "false";
                    /**
                     * @description Sheet margin in pt (0..200)
                     * @default 18
                     */
                    margin?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    booklet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to impose. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description Sheet size (used landscape).
                     * @default a4
                     * @enum {string}
                     */
                    paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                    /**
                     * @description Which edge is bound.
                     * @default left
                     * @enum {string}
                     */
                    binding?: "left" | "right";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    overlay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to draw on. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /** @description The PDF whose pages are drawn (not encrypted). Accepted (sniffed): application/pdf. */
                    overlay?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `overlay` instead of an upload (https; counted like an upload).
                     */
                    overlay_url?: string;
                    /**
                     * @description Over the page content, or under it.
                     * @default over
                     * @enum {string}
                     */
                    layer?: "over" | "under";
                    /** @description Pages that get the overlay, e.g. 1-3,5 (default: all) */
                    pages?: string;
                    /**
                     * @description Cycle the overlay’s pages (true) or use its page 1 everywhere (false).
                     * @default true
                     * @enum {string}
                     */
                    repeat?: "true" | "false";
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & ((unknown | unknown) & (unknown | unknown));
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeBlank: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The PDF to clean. Accepted (sniffed): application/pdf. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    /**
                     * @description A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1)
                     * @default 0.002
                     */
                    threshold?: string;
                    /** @description Password of the encrypted input (user or owner password), taken literally. */
                    password?: string;
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    compare: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    files?: string[];
                    files_url?: string[];
                    /**
                     * @description JSON changes, or a PDF report a person reads.
                     * @default json
                     * @enum {string}
                     */
                    format?: "json" | "pdf";
                    /**
                     * @description auto: OCR a document that has pages without a text layer before comparing.
                     * @default never
                     * @enum {string}
                     */
                    ocr?: "never" | "auto";
                    /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                    languages?: string;
                    /**
                     * @description Password of an encrypted input, taken literally: once for either file, or twice, in file order.
                     * @default []
                     */
                    password?: string | string[];
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & (unknown | unknown);
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "application/pdf": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pipeline: {
        parameters: {
            query?: never;
            header?: {
                /** @description Async only: the same account sending the same key within 24 h gets the same job back (202, same id; not charged again); the same key with another request is 422 idempotency_key_reused. Ignored on a synchronous request. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description The first step’s input, when it takes `file`. Accepted (sniffed): application/pdf, image/png, image/jpeg, image/tiff, image/gif, image/bmp, image/webp, image/jp2, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/vnd.openxmlformats-officedocument.presentationml.presentation, application/vnd.oasis.opendocument.text, application/vnd.oasis.opendocument.spreadsheet, application/vnd.oasis.opendocument.presentation, application/x-ole-storage, application/rtf, text/html, text/plain, application/zip, application/x-pkcs12. */
                    file?: string;
                    /**
                     * Format: uri
                     * @description A URL the service downloads as `file` instead of an upload (https; counted like an upload).
                     */
                    file_url?: string;
                    files?: string[];
                    files_url?: string[];
                    /** @description The steps, as a JSON array: [{"operation":"<name>","options":{…}}, …]. Each step’s options are those of the operation (numbers and true/false may be JSON values); a file option names an uploaded part as "@name". */
                    steps: ({
                        /** @constant */
                        operation: "merge";
                        options?: {
                            /**
                             * @description Add one outline entry per input, titled by its file name.
                             * @default false
                             * @enum {string}
                             */
                            bookmarks?: "true" | "false";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "split";
                        options?: {
                            /**
                             * @description How to split.
                             * @default ranges
                             * @enum {string}
                             */
                            mode?: "ranges" | "every" | "extract" | "blank" | "qr" | "size" | "bookmarks";
                            /** @description mode=ranges: one output per item, e.g. 1-3,4-6,7- */
                            ranges?: string;
                            /** @description mode=every: pages per output file (1..100000) */
                            pages_per_file?: string;
                            /** @description mode=extract: the pages of the single output, e.g. 1-3,5 */
                            pages?: string;
                            /** @description A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1) */
                            threshold?: string;
                            /** @description mode=qr: only a QR code with exactly this text separates (default: any). */
                            qr_text?: string;
                            /**
                             * @description mode=qr: keep the separator page as the first page of its part (default false).
                             * @enum {string}
                             */
                            keep_separator?: "true" | "false";
                            /** @description mode=size: the most bytes a part may have (1024..4000000000) */
                            max_size?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "protect";
                        options?: {
                            /** @description Password needed to open the document. */
                            user_password?: string;
                            /** @description Password needed to lift the restrictions. */
                            owner_password?: string;
                            /**
                             * @description Cipher.
                             * @default aes-256
                             * @enum {string}
                             */
                            encryption?: "aes-256" | "aes-128";
                            /**
                             * @description Allow printing.
                             * @default true
                             * @enum {string}
                             */
                            allow_print?: "true" | "false";
                            /**
                             * @description Allow copying text and images.
                             * @default true
                             * @enum {string}
                             */
                            allow_copy?: "true" | "false";
                            /**
                             * @description Allow other modifications.
                             * @default true
                             * @enum {string}
                             */
                            allow_modify?: "true" | "false";
                            /**
                             * @description Allow adding annotations.
                             * @default true
                             * @enum {string}
                             */
                            allow_annotate?: "true" | "false";
                            /**
                             * @description Allow filling in forms.
                             * @default true
                             * @enum {string}
                             */
                            allow_fill_forms?: "true" | "false";
                            /**
                             * @description Allow inserting, rotating and deleting pages.
                             * @default true
                             * @enum {string}
                             */
                            allow_assemble?: "true" | "false";
                            /**
                             * @description Allow text extraction for accessibility (always allowed by AES-encrypted files; see description).
                             * @default true
                             * @enum {string}
                             */
                            allow_accessibility?: "true" | "false";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "unlock";
                        options?: {
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "ocr";
                        options?: {
                            /**
                             * @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones.
                             * @default eng
                             */
                            languages?: string;
                            /**
                             * @description What to do with pages that already have text.
                             * @default skip-text
                             * @enum {string}
                             */
                            mode?: "skip-text" | "force" | "redo";
                            /**
                             * @description Straighten skewed pages before OCR (not with mode=redo).
                             * @default false
                             * @enum {string}
                             */
                            deskew?: "true" | "false";
                            /**
                             * @description Turn pages upright by detected orientation.
                             * @default false
                             * @enum {string}
                             */
                            rotate_pages?: "true" | "false";
                            /**
                             * @description Searchable PDF, PDF/A-2b, or the recognized text.
                             * @default pdf
                             * @enum {string}
                             */
                            output?: "pdf" | "pdfa" | "txt";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "extract-text";
                        options?: {
                            /** @description Pages to extract, e.g. 1-3,5 (all when absent) */
                            pages?: string;
                            /**
                             * @description Keep the physical layout (columns, indentation) instead of reading order.
                             * @default false
                             * @enum {string}
                             */
                            layout?: "true" | "false";
                            /**
                             * @description Plain text with form feeds between pages, or JSON per page.
                             * @default text
                             * @enum {string}
                             */
                            format?: "text" | "json";
                            /**
                             * @description auto: OCR the pages that have no text layer.
                             * @default never
                             * @enum {string}
                             */
                            ocr?: "never" | "auto";
                            /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                            languages?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "watermark";
                        options?: {
                            /** @description Text mark (instead of the `image` file part), in any script. */
                            text?: string;
                            /**
                             * @description Typeface of the text: sans, serif or mono (default sans); other scripts fall back to the Noto face that has them.
                             * @enum {string}
                             */
                            font?: "sans" | "serif" | "mono";
                            /** @description Text size in points (default 48); shrunk if the text would not fit the page (1..1000) */
                            font_size?: string;
                            /** @description Text colour #RRGGBB (default #808080). */
                            color?: string;
                            /**
                             * @description Opacity, 0 (invisible) to 1 (opaque) (0..1)
                             * @default 0.3
                             */
                            opacity?: string;
                            /**
                             * @description Counter-clockwise angle in degrees, as the reader sees the page (-360..360)
                             * @default 45
                             */
                            rotation?: string;
                            /**
                             * @description Where the mark goes; `tile` repeats it over the page.
                             * @default center
                             * @enum {string}
                             */
                            position?: "center" | "top-left" | "top" | "top-right" | "left" | "right" | "bottom-left" | "bottom" | "bottom-right" | "tile";
                            /** @description Pages to mark, e.g. 1-3,5 (default: all) */
                            pages?: string;
                            /**
                             * @description Over the page content, or under it (hidden by opaque content).
                             * @default over
                             * @enum {string}
                             */
                            layer?: "over" | "under";
                            /** @description Image width as a fraction of the page width (default 0.5) (0.01..1) */
                            image_scale?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /** @description Image mark (PNG or JPEG), instead of `text`. Names an uploaded part: "@name". */
                            image?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "convert";
                        options?: {
                            /**
                             * @description Target format: docx, odt, xlsx, csv, pptx, txt, html, png, jpeg, tiff, svg, pdfa, pdf.
                             * @enum {string}
                             */
                            to: "docx" | "odt" | "xlsx" | "csv" | "pptx" | "txt" | "html" | "png" | "jpeg" | "tiff" | "svg" | "pdfa" | "pdf";
                            /** @description png/jpeg/tiff: resolution (default 150) (36..600) */
                            dpi?: string;
                            /** @description png/jpeg/tiff/svg: the pages to convert, e.g. 1-3,5 (default all) */
                            pages?: string;
                            /**
                             * @description to=pdfa: PDF/A part and conformance (default 2b).
                             * @enum {string}
                             */
                            pdfa?: "2b" | "1b" | "3b";
                            /**
                             * @description xlsx/csv/pptx: `auto` OCRs pages without a text layer first (default never).
                             * @enum {string}
                             */
                            ocr?: "never" | "auto";
                            /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                            languages?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /**
                             * @description HTML/Markdown input: paper size (default a4).
                             * @enum {string}
                             */
                            paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                            /**
                             * @description HTML/Markdown input: landscape orientation (default false).
                             * @enum {string}
                             */
                            landscape?: "true" | "false";
                            /** @description HTML/Markdown input: margin on every side in pt (default 36) (0..288) */
                            margin?: string;
                            /**
                             * @description HTML/Markdown input: print background colours and images (default true).
                             * @enum {string}
                             */
                            print_background?: "true" | "false";
                            /**
                             * @description HTML/Markdown input: a tagged (accessible) PDF with a structure tree; slower to print (default false).
                             * @enum {string}
                             */
                            tagged?: "true" | "false";
                        };
                    } | {
                        /** @constant */
                        operation: "images";
                        options?: {
                            /**
                             * @description extract (PDF in) or to-pdf (images in); inferred from the upload when absent.
                             * @enum {string}
                             */
                            mode?: "extract" | "to-pdf";
                            /**
                             * @description extract: keep encoded formats (default `original`) or convert all to PNG.
                             * @enum {string}
                             */
                            format?: "original" | "png";
                            /** @description extract: skip images narrower or lower than this many pixels (default 0) (0..1000000) */
                            min_size?: string;
                            /**
                             * @description to-pdf: page size (default `fit`: the image size).
                             * @enum {string}
                             */
                            page_size?: "fit" | "a4" | "letter";
                            /** @description to-pdf: margin around each image in points (default 0) (0..1000) */
                            margin?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /** @description mode=to-pdf: the images (PNG, JPEG, TIFF, GIF, BMP, WebP, JPEG 2000), in page order. Names an uploaded part: "@name". */
                            files?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "compress";
                        options?: {
                            /**
                             * @description How hard to compress.
                             * @default medium
                             * @enum {string}
                             */
                            level?: "medium" | "low" | "high";
                            /**
                             * @description Convert colour to gray (not with level=low, which is lossless).
                             * @default false
                             * @enum {string}
                             */
                            grayscale?: "true" | "false";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "rotate";
                        options?: {
                            /**
                             * @description Clockwise angle added to each selected page’s rotation.
                             * @enum {string}
                             */
                            angle: "90" | "180" | "270" | "-90";
                            /** @description Pages to rotate, e.g. 1-3,5 (default: all) */
                            pages?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "organize";
                        options?: {
                            /** @description The output pages in order, e.g. 3,1-2,blank,9-5,10- */
                            order: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "page-numbers";
                        options?: {
                            /**
                             * @description The label: {n}, {total}, {n:W} placeholders, e.g. "Page {n} of {total}" or "ACME-{n:6}".
                             * @default {n}
                             */
                            format?: string;
                            /**
                             * @description Number of page 1 (0..999999999)
                             * @default 1
                             */
                            start?: string;
                            /** @description Pages that get a number, e.g. 2- (default: all) */
                            pages?: string;
                            /**
                             * @description Where on the page the number goes.
                             * @default bottom-center
                             * @enum {string}
                             */
                            position?: "bottom-center" | "bottom-left" | "bottom-right" | "top-left" | "top-center" | "top-right";
                            /**
                             * @description Distance from the page edges in points (0..500)
                             * @default 36
                             */
                            margin?: string;
                            /**
                             * @description Typeface: sans, serif or mono; other scripts fall back to the Noto face that has them.
                             * @default sans
                             * @enum {string}
                             */
                            font?: "sans" | "serif" | "mono";
                            /**
                             * @description Text size in points (1..200)
                             * @default 12
                             */
                            font_size?: string;
                            /**
                             * @description Text colour #RRGGBB.
                             * @default #000000
                             */
                            color?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "metadata";
                        options?: {
                            /** @description Document title (Info /Title, XMP dc:title) ("" removes it). */
                            title?: string;
                            /** @description Author (Info /Author, XMP dc:creator) ("" removes it). */
                            author?: string;
                            /** @description Subject (Info /Subject, XMP dc:description) ("" removes it). */
                            subject?: string;
                            /** @description Keywords (Info /Keywords, XMP pdf:Keywords) ("" removes it). */
                            keywords?: string;
                            /** @description Creating application (Info /Creator, XMP xmp:CreatorTool) ("" removes it). */
                            creator?: string;
                            /** @description Producing application (Info /Producer, XMP pdf:Producer) ("" removes it). */
                            producer?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "repair";
                        options?: {
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "flatten";
                        options?: {
                            /**
                             * @description What to flatten.
                             * @default all
                             * @enum {string}
                             */
                            what?: "all" | "forms" | "annotations";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "redact";
                        options?: {
                            /**
                             * @description Literal text to remove, case-insensitive; repeat the field for several.
                             * @default []
                             */
                            terms?: string | string[];
                            /**
                             * @description Regular expression (ECMAScript 5 syntax, case-sensitive) whose matches are removed; repeat the field for several.
                             * @default []
                             */
                            regex?: string | string[];
                            /** @description JSON array of rectangles `[{"page":1,"x":…,"y":…,"w":…,"h":…}]` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
                            areas?: string;
                            /**
                             * @description Fill colour of the boxes drawn in place of the removed content.
                             * @default #000000
                             */
                            color?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "sign";
                        options?: {
                            /** @description Password of the PKCS#12 (empty or absent for none). Never logged. */
                            certificate_password?: string;
                            /** @description Reason for signing (/Reason). */
                            reason?: string;
                            /** @description Where it was signed (/Location). */
                            location?: string;
                            /** @description How to reach the signer (/ContactInfo). */
                            contact?: string;
                            /**
                             * @description Draw a visible signature box (needs `rect`).
                             * @default false
                             * @enum {string}
                             */
                            visible?: "true" | "false";
                            /** @description Page of the visible signature (default 1) (1..1000000) */
                            page?: string;
                            /** @description Visible signature box `x,y,w,h` in pt from the top-left corner of the page as displayed (CropBox, /Rotate applied). */
                            rect?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /**
                             * @description PAdES baseline level: `b-b` the signature alone; `b-t` with an RFC 3161 signature time-stamp; `b-lt` also the chains and OCSP responses or CRLs (fetched from the certificates' own addresses) in the document's DSS; `b-lta` also a document time-stamp over all of it.
                             * @default b-b
                             * @enum {string}
                             */
                            level?: "b-b" | "b-t" | "b-lt" | "b-lta";
                            /**
                             * Format: uri
                             * @description RFC 3161 time-stamp authority for levels b-t and up (default: the server's SIGN_TSA_URL).
                             */
                            timestamp_url?: string;
                            /** @description PKCS#12 (.p12/.pfx) with the signing key and certificate (and optionally its chain). Required unless the server has a default certificate configured. Names an uploaded part: "@name". */
                            certificate?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "verify";
                        options?: Record<string, never>;
                    } | {
                        /** @constant */
                        operation: "inspect";
                        options?: {
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "attachments";
                        options?: {
                            /**
                             * @description What to do.
                             * @default list
                             * @enum {string}
                             */
                            action?: "list" | "extract" | "add" | "remove";
                            /**
                             * @description action=extract or remove: the attachments by name (repeatable; default all).
                             * @default []
                             */
                            names?: string | string[];
                            /** @description action=add: the description given to each added file. */
                            description?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /** @description action=add: the files to embed (any type). Names an uploaded part: "@name". */
                            attachments?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "sanitize";
                        options?: {
                            /**
                             * @description Comma list of what to remove: javascript, actions, embedded_files, links, annotations, forms, metadata, xmp, thumbnails, hidden_layers.
                             * @default javascript,actions,embedded_files
                             */
                            remove?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "linearize";
                        options?: {
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "forms";
                        options?: {
                            /** @description JSON object: full field name ("parent.child") → value. Text fields take a string, checkboxes true or false, radio groups and choice fields one of their options (a multi-select list: an array of them). Without it the answer is the fields as JSON. */
                            values?: string;
                            /**
                             * @description After filling, draw the fields into the page content (no longer interactive).
                             * @default false
                             * @enum {string}
                             */
                            flatten?: "true" | "false";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "bookmarks";
                        options?: {
                            /** @description The outline to write: JSON `{"bookmarks":[{"title","page","children":[…]}]}` (or just the array), pages 1-based (null: no target). Without it the answer is the current outline as JSON. */
                            bookmarks?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "crop";
                        options?: {
                            /** @description x,y,w,h in pt from the visible page’s top-left. */
                            box?: string;
                            /**
                             * @description Crop each page to what it draws (instead of `box`).
                             * @default false
                             * @enum {string}
                             */
                            auto?: "true" | "false";
                            /**
                             * @description auto=true: pt added around the drawn content (0..1000)
                             * @default 0
                             */
                            margin?: string;
                            /** @description Pages to crop, e.g. 1-3,5 (default: all) */
                            pages?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "resize";
                        options?: {
                            /**
                             * @description Target paper (default a4).
                             * @enum {string}
                             */
                            paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                            /** @description w,h in pt (instead of `paper`). */
                            size?: string;
                            /**
                             * @description How content meets the new size.
                             * @default contain
                             * @enum {string}
                             */
                            fit?: "contain" | "cover" | "stretch";
                            /** @description Pages to resize, e.g. 1-3,5 (default: all) */
                            pages?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "n-up";
                        options?: {
                            /**
                             * @description Pages per sheet.
                             * @enum {string}
                             */
                            per_sheet: "2" | "4" | "6" | "8" | "9" | "16";
                            /**
                             * @description Sheet size.
                             * @default a4
                             * @enum {string}
                             */
                            paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                            /**
                             * @description How the cells fill.
                             * @default rows
                             * @enum {string}
                             */
                            order?: "rows" | "columns";
                            /**
                             * @description Draw a thin frame around each page.
                             * @default false
                             * @enum {string}
                             */
                            border?: "true" | "false";
                            /**
                             * @description Sheet margin in pt (0..200)
                             * @default 18
                             */
                            margin?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "booklet";
                        options?: {
                            /**
                             * @description Sheet size (used landscape).
                             * @default a4
                             * @enum {string}
                             */
                            paper?: "a4" | "letter" | "legal" | "a3" | "a5";
                            /**
                             * @description Which edge is bound.
                             * @default left
                             * @enum {string}
                             */
                            binding?: "left" | "right";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "overlay";
                        options?: {
                            /**
                             * @description Over the page content, or under it.
                             * @default over
                             * @enum {string}
                             */
                            layer?: "over" | "under";
                            /** @description Pages that get the overlay, e.g. 1-3,5 (default: all) */
                            pages?: string;
                            /**
                             * @description Cycle the overlay’s pages (true) or use its page 1 everywhere (false).
                             * @default true
                             * @enum {string}
                             */
                            repeat?: "true" | "false";
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                            /** @description The PDF whose pages are drawn (not encrypted). Names an uploaded part: "@name". */
                            overlay?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "remove-blank";
                        options?: {
                            /**
                             * @description A page is blank when at most this fraction of its 72 dpi grey render is ink, and it has no text (default 0.002) (0..1)
                             * @default 0.002
                             */
                            threshold?: string;
                            /** @description Password of the encrypted input (user or owner password), taken literally. */
                            password?: string;
                        };
                    } | {
                        /** @constant */
                        operation: "compare";
                        options?: {
                            /**
                             * @description JSON changes, or a PDF report a person reads.
                             * @default json
                             * @enum {string}
                             */
                            format?: "json" | "pdf";
                            /**
                             * @description auto: OCR a document that has pages without a text layer before comparing.
                             * @default never
                             * @enum {string}
                             */
                            ocr?: "never" | "auto";
                            /** @description Tesseract language codes joined by "+", e.g. `eng+deu`; an unknown code is a 400 that lists the installed ones. */
                            languages?: string;
                            /**
                             * @description Password of an encrypted input, taken literally: once for either file, or twice, in file order.
                             * @default []
                             */
                            password?: string | string[];
                        };
                    })[];
                    /**
                     * @description Run as an asynchronous job (same as `Prefer: respond-async`).
                     * @default false
                     * @enum {string}
                     */
                    async?: "true" | "false";
                    /**
                     * Format: uri
                     * @description Async only: URL that receives a signed Standard Webhooks POST when the job ends.
                     */
                    callback_url?: string;
                    /**
                     * Format: uri
                     * @description Async only: https URL (e.g. an S3 presigned PUT URL) the result is PUT to before the job succeeds; it is then not kept. Checked at submission like callback_url (400); delivered and retried off the workers (the job shows `delivery`).
                     */
                    result_url?: string;
                } & {
                    [key: string]: string;
                };
            };
        };
        responses: {
            /** @description The result file (`Content-Disposition: attachment`). */
            200: {
                headers: {
                    /** @description Limited plans: `"daily";q=<limit>;w=86400`. */
                    "RateLimit-Policy"?: string;
                    /** @description Limited plans: `"daily";r=<remaining>;t=<seconds to reset>`. */
                    RateLimit?: string;
                    /** @description The request id (the client's, if sane). */
                    "X-Request-Id"?: string;
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/zip": string;
                    "application/json": string;
                    "text/plain": string;
                };
            };
            /** @description Accepted as an asynchronous job; `Location` is the job URL. */
            202: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Job"];
                };
            };
            /** @description invalid_request: bad, missing or unknown field, bad range or option value (detail names the field), a malformed multipart body, or a part that is not a named form-data part. Charged. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description missing_api_key or invalid_api_key (unknown, revoked, "expired", a browser token used up or sent from another origin). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description insufficient_scope: the key or token may not call this operation (`operation` names it). Not charged; the upload is not read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description request_timeout: no byte of the upload arrived for UPLOAD_IDLE_TIMEOUT; the connection is closed. Charged. */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description file_too_large, too_many_files or too_many_pages (detail states the limit). Charged. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description unsupported_media_type: an upload is not of an accepted type (sniffed from its bytes). Charged. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description invalid_pdf, password_required or incorrect_password; resource_limit: the input needs more memory, CPU time or output files than the per-operation limits allow (detail and `limit` name it: MAX_OUTPUT_FILES, or TOOL_MEMORY_LIMIT / TOOL_CPU_LIMIT when a tool process ran into its cap). Charged. Limits of the in-process parsing: `XMP packet size`, `XMP packet elements` (metadata), `PKCS#12 size`, `PKCS#12 certificates` (sign, with `max_certificates`), `signatures` (verify, with `max_signatures`). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description quota_exceeded, with Retry-After (seconds to 00:00 UTC); concurrency_limit, with Retry-After: 1: the account already runs its ACCOUNT_CONCURRENCY operations on this server and ACCOUNT_QUEUE_LIMIT more wait (not charged). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description processing_failed: a fault of the server (refunded). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description server_busy, with Retry-After (refunded) — except when the account's own tool runs held at least an equal share of the full work queue: then only the first such 503 in 60 s is refunded and repeats are charged. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description timeout: the operation ran past its limit; its processes were killed. Charged: the input used the time up. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
