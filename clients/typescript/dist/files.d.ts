import type { FileInput } from './types.js';
/** A Blob for one part: paths are opened lazily by Node (`fs.openAsBlob`), streams are buffered only when fetch cannot stream them. */
export declare function toBlob(input: FileInput): Promise<{
    blob: Blob;
    filename: string;
    path?: string;
}>;
/** One entry of a ZIP answer, its content streamed as it is inflated. */
export interface ZipEntry {
    name: string;
    /** The entry's bytes (collected); call once. */
    bytes(): Promise<Uint8Array>;
}
/**
 * Iterates the entries of a ZIP body as they arrive (fflate's streaming unzip:
 * the whole archive is never held). Each entry must be read (bytes()) before
 * the next one is yielded.
 */
export declare function zipEntries(body: ReadableStream<Uint8Array>): AsyncGenerator<ZipEntry>;
/** Writes a web stream to a file path (Node). */
export declare function streamToFile(body: ReadableStream<Uint8Array>, file: string): Promise<void>;
