const CHUNK = 256 * 1024;
/** Whether this runtime is Node (node:http available). */
export const hasNodeHttp = typeof process !== 'undefined' && !!process.versions?.node && !('Deno' in globalThis) && !('Bun' in globalThis);
/**
 * POSTs a multipart body built from `parts` with node:http, reading each Blob
 * through a reused buffer; resolves with a web Response whose body streams.
 */
export async function postMultipart(url, headers, parts, boundary, signal) {
    const [{ request: httpRequest }, { request: httpsRequest }, { Readable }] = await Promise.all([
        import('node:http'),
        import('node:https'),
        import('node:stream'),
    ]);
    const encoder = new TextEncoder();
    const heads = parts.map((p) => encoder.encode(p.head));
    const closing = encoder.encode(`\r\n--${boundary}--\r\n`);
    const separator = encoder.encode('\r\n');
    const length = parts.reduce((n, p, i) => n + heads[i].length + p.blob.size + (i > 0 ? separator.length : 0), 0) + closing.length;
    const request = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        headers: {
            ...headers,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(length),
        },
        signal,
    });
    const answered = new Promise((resolve, reject) => {
        request.once('response', resolve);
        request.once('error', reject);
    });
    const write = (bytes) => new Promise((resolve, reject) => request.write(bytes, (error) => (error ? reject(error) : resolve())));
    const send = (async () => {
        const buffer = new Uint8Array(CHUNK);
        for (const [i, part] of parts.entries()) {
            if (i > 0)
                await write(separator);
            await write(heads[i]);
            if (part.path) {
                const { open } = await import('node:fs/promises');
                const file = await open(part.path);
                try {
                    for (let position = 0; position < part.blob.size;) {
                        const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, part.blob.size - position), position);
                        if (bytesRead === 0)
                            throw new Error(`${part.path} shrank while it was uploaded`);
                        await write(buffer.subarray(0, bytesRead));
                        position += bytesRead;
                    }
                }
                finally {
                    await file.close();
                }
            }
            else {
                for await (const chunk of part.blob.stream())
                    await write(chunk);
            }
        }
        await write(closing);
        request.end();
    })();
    // The server may answer (e.g. 413) before the body is sent: the answer wins.
    const response = await Promise.race([answered, send.then(() => answered)]);
    send.catch(() => undefined);
    const body = Readable.toWeb(response);
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
        if (Array.isArray(value))
            for (const v of value)
                responseHeaders.append(name, v);
        else if (value !== undefined)
            responseHeaders.set(name, value);
    }
    const nullBody = response.statusCode === 204 || response.statusCode === 304;
    return new Response(nullBody ? null : body, {
        status: response.statusCode,
        statusText: response.statusMessage,
        headers: responseHeaders,
    });
}
