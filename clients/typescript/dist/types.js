/**
 * A file the service downloads itself instead of an upload (docs/api.md "Remote files"):
 * sent as `<part>_url` (`file_url`, `files_url`, `logo_url`, …). https only, unless the
 * server runs with FETCH_ALLOW_PRIVATE.
 */
export class RemoteFile {
    url;
    constructor(url) {
        this.url = url;
    }
}
/** A file the service downloads from `url` instead of an upload. */
export function remoteFile(url) {
    return new RemoteFile(String(url));
}
