// Turning a FileInput into a multipart part without loading it whole, and a
// response body into bytes, a stream, a file or ZIP entries.
import { Unzip, UnzipInflate } from 'fflate';
const isNode = typeof process !== 'undefined' && !!process.versions?.node;
function baseName(p) {
    return p.split(/[\\/]/).pop() || 'upload';
}
/** A Blob for one part: paths are opened lazily by Node (`fs.openAsBlob`), streams are buffered only when fetch cannot stream them. */
export async function toBlob(input) {
    const { data, filename } = typeof input === 'object' && input !== null && 'data' in input
        ? input
        : { data: input, filename: undefined };
    if (typeof data === 'string') {
        if (!isNode)
            throw new TypeError('A path can only be uploaded from Node; pass a Blob or bytes in a browser.');
        const fs = await import('node:fs');
        return { blob: await fs.openAsBlob(data), filename: filename ?? baseName(data), path: data };
    }
    if (data instanceof Blob)
        return { blob: data, filename: filename ?? (data.name || 'upload') };
    if (data instanceof Uint8Array || data instanceof ArrayBuffer)
        return { blob: new Blob([data]), filename: filename ?? 'upload' };
    // A stream of unknown length: multipart needs each part's bytes; collect them (callers with large files should pass a path or a Blob).
    const chunks = [];
    const iterable = isReadableStream(data) ? readableToIterable(data) : data;
    for await (const chunk of iterable)
        chunks.push(chunk);
    return { blob: new Blob(chunks), filename: filename ?? 'upload' };
}
function isReadableStream(value) {
    return typeof value.getReader === 'function';
}
async function* readableToIterable(stream) {
    const reader = stream.getReader();
    try {
        for (;;) {
            const { done, value } = await reader.read();
            if (done)
                return;
            yield value;
        }
    }
    finally {
        reader.releaseLock();
    }
}
/**
 * Iterates the entries of a ZIP body as they arrive (fflate's streaming unzip:
 * the whole archive is never held). Each entry must be read (bytes()) before
 * the next one is yielded.
 */
export async function* zipEntries(body) {
    const queue = [];
    const unzip = new Unzip((file) => queue.push(file));
    unzip.register(UnzipInflate);
    const reader = body.getReader();
    let finished = false;
    let reading;
    // Feeds one chunk of the body to the unzipper (one read at a time).
    const pump = () => (reading ??= (async () => {
        const { done, value } = await reader.read();
        if (done) {
            if (!finished)
                unzip.push(new Uint8Array(0), true);
            finished = true;
        }
        else {
            unzip.push(value);
        }
    })().finally(() => (reading = undefined)));
    try {
        for (;;) {
            while (queue.length === 0 && !finished)
                await pump();
            const file = queue.shift();
            if (!file)
                return;
            const chunks = [];
            let complete = false;
            let failure;
            file.ondata = (error, data, final) => {
                if (error)
                    failure = error;
                else
                    chunks.push(data);
                if (error || final)
                    complete = true;
            };
            file.start();
            yield {
                name: file.name,
                bytes: async () => {
                    while (!complete && !finished)
                        await pump();
                    if (failure)
                        throw failure;
                    if (!complete)
                        throw new Error(`The ZIP entry ${file.name} ends early.`);
                    const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
                    let at = 0;
                    for (const c of chunks) {
                        out.set(c, at);
                        at += c.length;
                    }
                    return out;
                },
            };
        }
    }
    finally {
        reader.releaseLock();
    }
}
/** Writes a web stream to a file path (Node). */
export async function streamToFile(body, file) {
    const [{ createWriteStream }, { Readable }, { pipeline }] = await Promise.all([
        import('node:fs'),
        import('node:stream'),
        import('node:stream/promises'),
    ]);
    await pipeline(Readable.fromWeb(body), createWriteStream(file));
}
