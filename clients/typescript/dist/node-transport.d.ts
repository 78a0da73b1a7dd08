/** One part of a multipart body: headers text, then bytes from a file on disk or a Blob. */
export interface MultipartPart {
    head: string;
    blob: Blob;
    /** Set when the bytes come from a file: read through the reused buffer. */
    path?: string;
}
/** Whether this runtime is Node (node:http available). */
export declare const hasNodeHttp: boolean;
/**
 * POSTs a multipart body built from `parts` with node:http, reading each Blob
 * through a reused buffer; resolves with a web Response whose body streams.
 */
export declare function postMultipart(url: string, headers: Record<string, string>, parts: MultipartPart[], boundary: string, signal: AbortSignal): Promise<Response>;
